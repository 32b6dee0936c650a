/* The WebAssembly module's own translation unit: nothing but the C API, which comes from the
 * mus_c library through the exported functions (capi/js/CMakeLists.txt). Emscripten links an
 * executable, so it needs one object of its own. */
#include "mus/mus.h"

/** The C API version this module was built from (kept so the unit is not empty). */
const unsigned mus_wasm_header_version = MUS_VERSION;
