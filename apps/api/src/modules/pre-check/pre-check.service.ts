import { getBrand } from '@nordloan/domain/brands/registry';
import { type PreCheckInput, type PreCheckResult, preCheck } from '@nordloan/domain/pre-check';
import { fieldError } from '#src/lib/app-error.ts';

// The one-form pre-check and the discovery pre-qualification (docs/decisions/0028): the simulated lenders'
// policies on the applicant's own answers. Stores nothing and asks no bureau: nothing here is personal
// data we keep, so it needs no token (the global rate limit applies).

export function runPreCheck(options: { input: PreCheckInput; seed: number }): PreCheckResult {
  const brand = getBrand(options.input.Brand);
  if (!brand.products.includes(options.input.Product)) {
    throw fieldError('Product', `${options.input.Product} is not offered by ${brand.name}`);
  }
  return preCheck(brand, options.input, options.seed);
}
