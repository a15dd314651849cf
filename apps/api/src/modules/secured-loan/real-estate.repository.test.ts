import { realEstateLinkSchema, realEstateSchema } from '@nordloan/domain/backoffice-assets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import {
  createTestApplication,
  createTestPerson,
  expectDatabaseError,
} from '#src/modules/backoffice/test-fixtures.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { toRealEstate, toRealEstateLink } from './real-estate.mapper.ts';
import {
  findRealEstateById,
  insertRealEstate,
  linkRealEstate,
  listRealEstateForApplication,
  listRealEstateForPerson,
  listRealEstateLinks,
  unlinkRealEstate,
  updateRealEstate,
  upsertFetchedRealEstate,
} from './real-estate.repository.ts';

const t0 = new Date('2030-04-01T12:00:00.000Z');

describe('real estate repository', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('round-trips every §3 field; the DTO is the §3 Real estate', async () => {
    const person = await createTestPerson(database.db, 'NO');
    const created = await insertRealEstate(database.db, {
      personId: person.id,
      source: 'ValuationProvider',
      fetchId: 'ev-1001',
      ownershipType: 'Cooperative',
      realEstateType: 'Apartment',
      estimatedValueReferenceNumber: 'EV-2030-1001',
      totalMarketValueEstimate: 4_250_000,
      totalMarketValueEstimateApproved: 4_100_000,
      marketScoreArea: 71.5,
      marketScoreMunicipality: 64.25,
      sectionNumber: '3',
      streetName: 'Thereses gate',
      streetNumber: '14',
      streetLetter: 'B',
      postcode: '0358',
      municipality: 'Oslo',
      cadastreBNumber: '123',
      cadastreFNumber: '0',
      cadastreGNumber: '215',
      cadastreKNumber: '0301',
      cadastreSNumber: '3',
      primaryLivingArea: 62.5,
      isInsured: true,
      insuranceCompany: 'Gjensidige',
      cooperativeCommonDebt: 380_000,
      cooperativeOrganizationNumber: '948123456',
      cooperativeShareNumber: '42',
      createdAt: t0,
      updatedAt: t0,
    });
    const found = await findRealEstateById(database.db, created.id);
    expect(found).toEqual(created);
    expect(realEstateSchema.parse(toRealEstate(found!))).toEqual({
      ID: created.id,
      PersonID: person.id,
      Source: 'ValuationProvider',
      FetchID: 'ev-1001',
      OwnershipType: 'Cooperative',
      RealEstateType: 'Apartment',
      EstimatedValueReferenceNumber: 'EV-2030-1001',
      TotalMarketValueEstimate: 4_250_000,
      TotalMarketValueEstimateApproved: 4_100_000,
      MarketScoreArea: 71.5,
      MarketScoreMunicipality: 64.25,
      SectionNumber: '3',
      StreetName: 'Thereses gate',
      StreetNumber: '14',
      StreetLetter: 'B',
      Postcode: '0358',
      Municipality: 'Oslo',
      CadastreBNumber: '123',
      CadastreFNumber: '0',
      CadastreGNumber: '215',
      CadastreKNumber: '0301',
      CadastreSNumber: '3',
      PrimaryLivingArea: 62.5,
      IsInsured: true,
      InsuranceCompany: 'Gjensidige',
      CooperativeApartmentCommonDebt: 380_000,
      OrganizationNumber: '948123456',
      ShareNumber: '42',
      CreatedAt: t0.toISOString(),
      UpdatedAt: t0.toISOString(),
    });
  });

  it('a minimal row has nulls everywhere but person and source; unknown values are refused', async () => {
    const person = await createTestPerson(database.db);
    const bare = await insertRealEstate(database.db, { personId: person.id, source: 'Applicant' });
    expect(realEstateSchema.safeParse(toRealEstate(bare)).success).toBe(true);
    await expectDatabaseError(
      insertRealEstate(database.db, { personId: person.id, source: 'Guess' }),
      /source/,
    );
    await expectDatabaseError(
      insertRealEstate(database.db, { personId: person.id, source: 'Agent', ownershipType: 'Rental' }),
      /ownership_type/,
    );
    await expectDatabaseError(
      insertRealEstate(database.db, { personId: person.id, source: 'Agent', totalMarketValueEstimate: -1 }),
      /total_market_value_estimate/,
    );
    const updated = await updateRealEstate(
      database.db,
      bare.id,
      { isInsured: false, streetName: 'Storgata' },
      t0,
    );
    expect(updated).toMatchObject({ isInsured: false, streetName: 'Storgata', updatedAt: t0 });
  });

  it('re-running a provider fetch updates the same row', async () => {
    const person = await createTestPerson(database.db);
    const first = await upsertFetchedRealEstate(
      database.db,
      {
        personId: person.id,
        source: 'ValuationProvider',
        fetchId: 'ev-2002',
        totalMarketValueEstimate: 3_000_000,
      },
      t0,
    );
    const again = await upsertFetchedRealEstate(
      database.db,
      {
        personId: person.id,
        source: 'ValuationProvider',
        fetchId: 'ev-2002',
        totalMarketValueEstimate: 3_100_000,
      },
      new Date(t0.getTime() + 1000),
    );
    expect(again.id).toBe(first.id);
    expect(again.totalMarketValueEstimate).toBe(3_100_000);
    expect(again.createdAt).toEqual(t0);
    expect(await listRealEstateForPerson(database.db, person.id)).toHaveLength(1);
  });

  it('links real estate to an application once; unlinks; the link DTO is §3', async () => {
    const person = await createTestPerson(database.db);
    const application = await createTestApplication(database.db, { personId: person.id });
    const house = await insertRealEstate(database.db, {
      personId: person.id,
      source: 'Applicant',
      createdAt: t0,
    });
    const cabin = await insertRealEstate(database.db, {
      personId: person.id,
      source: 'Applicant',
      createdAt: new Date(t0.getTime() + 1),
    });
    const link = await linkRealEstate(database.db, {
      loanApplicationId: application.id,
      realEstateId: house.id,
      now: t0,
    });
    const twice = await linkRealEstate(database.db, {
      loanApplicationId: application.id,
      realEstateId: house.id,
      now: new Date(t0.getTime() + 5),
    });
    expect(twice).toEqual(link);
    expect(realEstateLinkSchema.parse(toRealEstateLink(link))).toEqual({
      ID: link.id,
      LoanApplicationID: application.id,
      RealEstateID: house.id,
      CreatedAt: t0.toISOString(),
      UpdatedAt: t0.toISOString(),
    });
    await linkRealEstate(database.db, {
      loanApplicationId: application.id,
      realEstateId: cabin.id,
      now: new Date(t0.getTime() + 10),
    });
    expect((await listRealEstateForApplication(database.db, application.id)).map((row) => row.id)).toEqual([
      house.id,
      cabin.id,
    ]);
    expect(await listRealEstateLinks(database.db, application.id)).toHaveLength(2);
    expect(
      await unlinkRealEstate(database.db, { loanApplicationId: application.id, realEstateId: house.id }),
    ).toBe(true);
    expect(
      await unlinkRealEstate(database.db, { loanApplicationId: application.id, realEstateId: house.id }),
    ).toBe(false);
    expect((await listRealEstateForApplication(database.db, application.id)).map((row) => row.id)).toEqual([
      cabin.id,
    ]);
    await expectDatabaseError(
      linkRealEstate(database.db, {
        loanApplicationId: '00000000-0000-4000-8000-000000000000',
        realEstateId: cabin.id,
        now: t0,
      }),
      /foreign key/,
    );
  });
});
