export const CATALOG_UNIT_OF_WORK = Symbol('CatalogUnitOfWork');
