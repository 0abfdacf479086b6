// Type-aware lint: floating promises and type-only imports are the two rules that catch real bugs here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const SERVER_ROOT_FILES = ['app.ts', 'main.ts', 'startServer.ts', 'storeMigrations.ts', 'apiDocs.ts'];
const SERVER_LAYERS = ['platform', 'language', 'access', 'features', 'demo'];

/** Each server layer may import the layers below it, never those above nor the composition root. */
function serverLayerZones() {
  const root = SERVER_ROOT_FILES.map((file) => `./src/server/${file}`);
  return SERVER_LAYERS.map((layer, index) => ({
    target: `./src/server/${layer}`,
    from: [...SERVER_LAYERS.slice(index + 1).map((above) => `./src/server/${above}`), ...root],
    message: `${layer} sits below ${SERVER_LAYERS.slice(index + 1).join(', ') || 'the composition root'}: imports point down only (docs/architecture.md)`,
  }));
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'src/shared/*.gen.ts',
      'test-results/**',
      'playwright-report/**',
      'scripts/*.mjs',
      // Mutation testing: Stryker's sandbox copy of the project and its reports.
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    // Layers (docs/contracts.md): client and server meet only over HTTP, through src/shared.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/client',
              from: './src/server',
              message: 'the client reaches the server over HTTP only; share code through src/shared',
            },
            {
              target: './src/server',
              from: './src/client',
              message: 'the server never imports client code; share code through src/shared',
            },
            {
              target: './src/shared',
              from: ['./src/client', './src/server'],
              message: 'src/shared is imported by both sides and imports neither',
            },
          ],
        },
      ],
    },
  },
  {
    // Server layers (docs/architecture.md): imports point down only —
    // root (composition) -> demo -> features -> access -> language -> platform. Tests and testing
    // helpers may reach across (a crawl test starts the demo's fixture market).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/**/testing/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverLayerZones() }],
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
