import { lowerPasswordCostForTests } from '#/server/accounts/passwords.ts';

// The server suites hash hundreds of passwords; at the store's N (2^17, ~0.8 s each here) that alone took
// minutes. tests/unit/lib/passwords.test.ts, outside these suites, checks the store's own N.
lowerPasswordCostForTests(2 ** 10);
