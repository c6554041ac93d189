// `/apply`'s entry (apply.html): the app in stages (src/boot.ts).
import { bootInStages } from './boot';

bootInStages();
