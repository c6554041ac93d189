/**
 * The part of jsdom (a dev dependency, the ui project's environment) a server test uses to read served HTML as a
 * browser would, and the rehearsal's report to draw its charts (rehearsal/staticHtml.ts): the package ships no types of
 * its own.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
