/*
 * Prints the binary layout of the public C API, the manifest capi/abi/layout.txt: for every struct
 * of mus/mus.h its size and alignment and the offset, size and type of every field, then the
 * value of every integer constant and the signature of every function. compare_layout.cmake
 * checks the output against layout.txt, and generate.py writes each binding's raw layer from it,
 * so neither the header nor a binding can change the ABI by accident.
 *
 * Output, one record a line, fields separated by single spaces:
 *   release <MUS_VERSION_STRING>                        (first; the release, not ABI: it changes
 *                                                        with each release, see below)
 *   struct <name> <sizeof> <alignof>
 *   field <struct> <field> <offset> <sizeof> <type>    (type: elem, or elem[n] for an array)
 *   const <NAME> <value>
 *   opaque <name>                                       (a handle type: `typedef struct x x;`)
 *   func <name> <return type> (<param type>, <param type>, ...)
 * A func record writes each parameter as its type and the header's name for it, pointers as
 * `T* name` (`const T* name`), array parameters as the pointers they are (`const uint8_t hand[4]`
 * as `const uint8_t* hand`), and `(void)` for no parameters. The record list (abi_records.inc) is written from the header by
 * `generate.py records`; each record is checked here by the compiler, so it cannot differ from
 * the declaration: a func record's text is the type of a pointer the function is assigned to, a
 * field record's type that of a pointer its address is assigned to (a mismatch is an
 * incompatible-pointer or pointer-sign error), and sizes and offsets are the compiler's.
 *
 * C99 (no _Alignof): the alignment is the offset of the struct after a char in a wrapper struct.
 * The release record carries the header's version to the bindings (their version constants and
 * package versions are generated from it); MUS_VERSION_MINOR and _PATCH have no const record.
 *
 * Exits non-zero, after printing a message to stderr, when mus_state_size() (the library) and
 * sizeof(mus_state) (the header) disagree, or when MUS_VERSION_STRING does not start with
 * MUS_VERSION_MAJOR.MUS_VERSION_MINOR.MUS_VERSION_PATCH.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The experimental section of the header (the batch) is part of the manifest too. */
#define MUS_EXPERIMENTAL
#include "mus/mus.h"

/* The wrapper is a named struct declared before offsetof(): a type defined inside offsetof() is
   a compiler extension (Clang 16 warns, -Wgnu-offsetof-extensions). */
#define STRUCT(type)                                                                          \
  do {                                                                                        \
    struct align_of_##type {                                                                  \
      char c;                                                                                 \
      type t;                                                                                 \
    };                                                                                        \
    printf("struct %s %lu %lu\n", #type, (unsigned long)sizeof(type),                         \
           (unsigned long)offsetof(struct align_of_##type, t));                               \
  } while (0)
/* A field of element type elem: its address must convert to elem* (or, for an array field with
   dims `[n]`, to elem(*)[n]) without a cast. An array's record counts its elements. */
#define FIELD(type, field, elem)                                                               \
  do {                                                                                         \
    type v_;                                                                                   \
    elem* const p_ = &v_.field;                                                                \
    printf("field %s %s %lu %lu %s\n", #type, #field, (unsigned long)offsetof(type, field),    \
           (unsigned long)sizeof(v_.field), #elem);                                            \
    (void)p_;                                                                                  \
  } while (0)
#define FIELD_ARRAY(type, field, elem, dims)                                                   \
  do {                                                                                         \
    type v_;                                                                                   \
    elem(*const p_) dims = &v_.field;                                                          \
    printf("field %s %s %lu %lu %s[%lu]\n", #type, #field, (unsigned long)offsetof(type, field), \
           (unsigned long)sizeof(v_.field), #elem,                                             \
           (unsigned long)(sizeof(v_.field) / sizeof(elem)));                                  \
    (void)p_;                                                                                  \
  } while (0)
/* An opaque type: declared, never defined; only pointers to it cross the API. */
#define OPAQUE(type)                    \
  do {                                  \
    type* const p_ = NULL;              \
    printf("opaque %s\n", #type);       \
    (void)p_;                           \
  } while (0)
#define CONST(name) printf("const %s %ld\n", #name, (long)(name))
/* ret and params are written in the record's canonical form; the preprocessor's stringizing
   keeps their tokens with single spaces. The pointer's initialization checks the signature. */
#define FUNC(name, ret, params)                      \
  do {                                               \
    ret(*const checked_) params = name;              \
    printf("func %s %s %s\n", #name, #ret, #params); \
    (void)checked_;                                  \
  } while (0)

/* structs(), constants() and functions(): one record for every struct, field, constant (but
   MUS_VERSION_MINOR and _PATCH, which change with each release) and MUS_API function of mus.h,
   in the header's order, written from the header by generate.py when this program is built. */
#include "abi_records.inc"

/* The release, MUS_VERSION_STRING, once its numbers are checked to be the version macros'. */
static int release(void) {
  char numbers[64];
  size_t n;
  sprintf(numbers, "%d.%d.%d", (int)MUS_VERSION_MAJOR, (int)MUS_VERSION_MINOR,
          (int)MUS_VERSION_PATCH);
  n = strlen(numbers);
  if (strncmp(MUS_VERSION_STRING, numbers, n) != 0 ||
      (MUS_VERSION_STRING[n] != '\0' && MUS_VERSION_STRING[n] != '-' &&
       MUS_VERSION_STRING[n] != '+')) {
    fprintf(stderr, "MUS_VERSION_STRING is \"%s\" but the version macros say %s\n",
            MUS_VERSION_STRING, numbers);
    return 0;
  }
  printf("release %s\n", MUS_VERSION_STRING);
  return 1;
}

int main(void) {
  if (mus_state_size() != sizeof(mus_state)) {
    fprintf(stderr, "mus_state_size() is %lu but sizeof(mus_state) is %lu\n",
            (unsigned long)mus_state_size(), (unsigned long)sizeof(mus_state));
    return 1;
  }
  if (!release()) {
    return 1;
  }
  structs();
  constants();
  functions();
  return 0;
}
