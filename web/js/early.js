// Loaded on its own (async) before the page's other modules: Python's worker,
// by far the longest wait, starts while they load. app.js picks it up.

import { sharedPython } from "./python.js";

sharedPython();
