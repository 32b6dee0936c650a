/* A stand-in for mus.h for the self-tests of compare_layout.cmake. */
#define MUS_VERSION_MINOR 7
#define MUS_X 1
#define MUS_E_Y (-2)
typedef struct mus_a {
  int32_t x;
  int32_t y;
} mus_a;
