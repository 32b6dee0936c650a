/* A stand-in for mus.h for the self-tests of compare_layout.cmake. */
#define MUS_VERSION_MINOR 7
#define MUS_X 1
#define MUS_E_Y (-2)
typedef struct mus_a {
  int32_t x;
  int32_t y;
} mus_a;
typedef struct mus_h mus_h;
MUS_API int32_t mus_f(const mus_a* a);
MUS_API const char* mus_g(mus_a* a, const uint8_t cards[4],
                          size_t cap);
