/** The dependency rules of docs/architecture.md, checked in CI by `npm run deps:check`. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'Domain code imports nothing from Nest, HTTP, the ORM or other layers.',
      severity: 'error',
      from: { path: '^backend/src/modules/[^/]+/domain/' },
      to: { path: ['^backend/src/modules/[^/]+/(application|infrastructure|http)/', 'node_modules/(@nestjs|express|busboy|@mikro-orm|pg-boss|pg)/'] },
    },
    {
      name: 'application-not-on-adapters',
      comment: 'Use cases depend on ports, not on infrastructure or HTTP.',
      severity: 'error',
      from: { path: '^backend/src/modules/[^/]+/application/' },
      to: { path: '^backend/src/modules/[^/]+/(infrastructure|http)/' },
    },
    {
      name: 'facades-delegate',
      comment:
        "A context's facade is thin: it delegates to its application layer (use cases, queries, ports). It imports " +
        'neither its HTTP layer (DTOs, mappers, presenters), nor its infrastructure (repositories, SQL), nor the ORM.',
      severity: 'error',
      from: { path: '^backend/src/modules/([^/]+)/[^/]+\\.facade\\.ts$' },
      to: { path: ['^backend/src/modules/$1/(http|infrastructure)/', 'node_modules/@mikro-orm/'] },
    },
    {
      name: 'contexts-through-facades',
      comment: 'A context may use another only through its facade (or its Nest module, for wiring).',
      severity: 'error',
      from: { path: '^backend/src/modules/([^/]+)/' },
      to: {
        path: '^backend/src/modules/([^/]+)/',
        pathNot: ['^backend/src/modules/$1/', '^backend/src/modules/[^/]+/[^/]+\\.(facade|module)\\.ts$'],
      },
    },
    {
      name: 'common-has-no-business',
      comment: 'common/ is cross-cutting: it never imports a bounded context.',
      severity: 'error',
      from: { path: '^backend/src/common/' },
      to: { path: '^backend/src/modules/' },
    },
    {
      name: 'only-stores-call-the-client',
      comment: 'Components and pages read stores; only stores (and mocks) use the API client.',
      severity: 'error',
      from: { path: '^frontend/src/features/[^/]+/(components|pages)/' },
      to: { path: '^frontend/src/api/client' },
    },
    {
      name: 'features-not-on-the-app',
      comment:
        'app/ (routes, providers, the shell) composes the features; a feature never imports it back. What features ' +
        'share lives in stores/ (RootStore, useStores, UiStore) or shared/.',
      severity: 'error',
      from: { path: '^frontend/src/features/' },
      to: { path: '^frontend/src/app/' },
    },
    {
      name: 'shared-is-a-leaf',
      comment: 'shared/ is what any part of the app may use: it imports no feature, store or app code.',
      severity: 'error',
      from: { path: '^frontend/src/shared/' },
      to: { path: '^frontend/src/(app|features|stores)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^backend/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.spec\\.ts$|\\.test\\.tsx?$|/dist/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'backend/tsconfig.json' },
  },
};
