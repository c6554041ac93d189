// The entry of every other address of the app (app.html, staff.html): the app in stages (src/boot.ts). A file of its
// own, not src/applyEntry.ts again: an HTML entry shared by two pages leaves the build's manifest without either.
import { bootInStages } from './boot';

bootInStages();
