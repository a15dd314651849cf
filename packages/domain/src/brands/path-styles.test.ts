import { describe, expect, it } from 'vitest';
import {
  denmarkPaths,
  finlandComparePaths,
  finlandGroupPaths,
  finlandPaths,
  norwayComparePaths,
  norwayMainPaths,
  swedenComparePaths,
  swedenPaths,
  withoutInsurance,
  withoutOneForm,
} from './path-styles.ts';
import { brands } from './registry.ts';

const served = (paths: object) =>
  Object.entries(paths)
    .filter(([key]) => key !== 'myPageHost')
    .map(([, path]) => path as string)
    .sort();

describe('§2 path styles', () => {
  it('are the paths of the §2 table', () => {
    expect(served(norwayMainPaths)).toEqual(
      [
        '/soknad/forbrukslan',
        '/soknad/lan-med-sikkerhet',
        '/soknad/forsikring',
        '/soknad/forhandssjekk',
        '/soknad/lan',
        '/mine-tilbud',
        '/mine-tilbud/forbrukslan',
        '/mine-tilbud/kredittkort',
        '/mine-tilbud/lan-med-sikkerhet',
      ].sort(),
    );
    expect(served(norwayComparePaths)).toEqual(
      [
        '/lane-penger/forbrukslan/lanesoknad',
        '/mine-soknader/forbrukslan',
        '/mine-soknader',
        '/soknad/forsikring',
      ].sort(),
    );
    expect(served(swedenPaths)).toEqual(['/soknad/forbrukslan', '/soknad/forsakring', '/mina-sidor'].sort());
    expect(served(swedenComparePaths)).toEqual(
      ['/lana-pengar/privatlan/laneansokan', '/mina-sidor/privatlan', '/ansokan/forsakring'].sort(),
    );
    expect(finlandPaths).toMatchObject({
      applyUnsecured: '/hae/kulutusluotto',
      applyInsurance: '/hae/matsurvaraus',
      myPageHost: 'separate',
    });
    expect(served(finlandComparePaths)).toEqual(
      ['/lainaa-rahaa/yksityislaina/lainahakemus', '/hakemukseni/yksityislaina'].sort(),
    );
    expect(finlandGroupPaths.applyUnsecured).toBe('/loans/apply');
    expect(served(denmarkPaths)).toEqual(['/loans/apply', '/mypage'].sort());
  });

  it('variations only drop paths', () => {
    const variation = withoutOneForm(withoutInsurance(norwayMainPaths));
    expect(served(norwayMainPaths)).toEqual(expect.arrayContaining(served(variation)));
    expect(variation).not.toHaveProperty('applyInsurance');
    expect(variation).not.toHaveProperty('oneFormApply');
  });

  it('every brand serves the paths of one style', () => {
    const styles = [
      norwayMainPaths,
      norwayComparePaths,
      swedenPaths,
      swedenComparePaths,
      finlandPaths,
      finlandComparePaths,
      finlandGroupPaths,
      denmarkPaths,
    ];
    for (const brand of Object.values(brands)) {
      const paths = served(brand.paths);
      expect(
        styles.some((style) => paths.every((path) => served(style).includes(path))),
        brand.brand,
      ).toBe(true);
    }
  });
});
