/**
 * Run before each server test file. The files share their modules (the server project's `isolate: false`), so a hook
 * in tests/server/support.ts would be registered for the first file only; registered here, it follows every file.
 */
import { afterAll } from 'vitest';
import { releaseDatabases } from './support';

afterAll(releaseDatabases);
