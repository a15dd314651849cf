import type {
  RealEstate,
  RealEstateLink,
  RealEstateOwnershipType,
  RealEstateSource,
} from '@nordloan/domain/backoffice-assets';
import type { RealEstateLinkRow, RealEstateRow } from './real-estate.repository.ts';

// Real-estate rows → their §3 shapes (PascalCase, timestamps as ISO strings). The text columns hold only
// what their CHECK constraints allow, which are the domain's enums; the casts rely on that
// (real-estate.repository.test.ts parses every mapped row with the domain schema).

const iso = (date: Date) => date.toISOString();

export function toRealEstate(row: RealEstateRow): RealEstate {
  return {
    ID: row.id,
    PersonID: row.personId,
    Source: row.source as RealEstateSource,
    FetchID: row.fetchId,
    OwnershipType: row.ownershipType as RealEstateOwnershipType | null,
    RealEstateType: row.realEstateType,
    EstimatedValueReferenceNumber: row.estimatedValueReferenceNumber,
    TotalMarketValueEstimate: row.totalMarketValueEstimate,
    TotalMarketValueEstimateApproved: row.totalMarketValueEstimateApproved,
    MarketScoreArea: row.marketScoreArea,
    MarketScoreMunicipality: row.marketScoreMunicipality,
    SectionNumber: row.sectionNumber,
    StreetName: row.streetName,
    StreetNumber: row.streetNumber,
    StreetLetter: row.streetLetter,
    Postcode: row.postcode,
    Municipality: row.municipality,
    CadastreBNumber: row.cadastreBNumber,
    CadastreFNumber: row.cadastreFNumber,
    CadastreGNumber: row.cadastreGNumber,
    CadastreKNumber: row.cadastreKNumber,
    CadastreSNumber: row.cadastreSNumber,
    PrimaryLivingArea: row.primaryLivingArea,
    IsInsured: row.isInsured,
    InsuranceCompany: row.insuranceCompany,
    CooperativeApartmentCommonDebt: row.cooperativeCommonDebt,
    OrganizationNumber: row.cooperativeOrganizationNumber,
    ShareNumber: row.cooperativeShareNumber,
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}

export function toRealEstateLink(row: RealEstateLinkRow): RealEstateLink {
  return {
    ID: row.id,
    LoanApplicationID: row.loanApplicationId,
    RealEstateID: row.realEstateId,
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}
