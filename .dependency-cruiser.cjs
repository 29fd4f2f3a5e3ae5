/** The dependency rules of docs/architecture.md, checked in CI by `npm run deps:check`. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'Domain code imports nothing from Nest, HTTP, the ORM or other layers.',
      severity: 'error',
      from: { path: '^backend/src/modules/[^/]+/domain/' },
      to: { path: ['^backend/src/modules/[^/]+/(application|infrastructure|http)/', 'node_modules/(@nestjs|fastify|@fastify|@mikro-orm|pg-boss|pg)/'] },
    },
    {
      name: 'application-not-on-adapters',
      comment: 'Use cases depend on ports, not on infrastructure or HTTP.',
      severity: 'error',
      from: { path: '^backend/src/modules/[^/]+/application/' },
      to: { path: '^backend/src/modules/[^/]+/(infrastructure|http)/' },
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
