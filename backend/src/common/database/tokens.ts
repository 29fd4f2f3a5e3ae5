export const DATABASE_URL = Symbol('DATABASE_URL');
