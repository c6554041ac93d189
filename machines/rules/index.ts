export * from './application';
export * from './cv';
export * from './eligibility';
export * from './messages';
export * from './options';
export * from './schemas';
export { COUNTRIES } from './countries';
export * from './contract';
export * from './otp';
