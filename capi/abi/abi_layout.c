/*
 * Prints the binary layout of the public C API, the manifest capi/abi/layout.txt: for every struct
 * of mus/mus.h its size and alignment and the offset, size and type of every field, then the
 * value of every integer constant and the signature of every function. compare_layout.cmake
 * checks the output against layout.txt, and generate.py writes each binding's raw layer from it,
 * so neither the header nor a binding can change the ABI by accident.
 *
 * Output, one record a line, fields separated by single spaces:
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
 * C99 (no _Alignof): the alignment is the offset of the struct after a char in a wrapper.
 * Exits non-zero, after printing a message to stderr, when mus_state_size() (the library) and
 * sizeof(mus_state) (the header) disagree.
 */
#include <stddef.h>
#include <stdio.h>

/* The experimental section of the header (the batch) is part of the manifest too. */
#define MUS_EXPERIMENTAL
#include "mus/mus.h"

#define ALIGN_OF(type) \
  offsetof(            \
      struct {         \
        char c;        \
        type t;        \
      },               \
      t)
#define STRUCT(type) \
  printf("struct %s %lu %lu\n", #type, (unsigned long)sizeof(type), (unsigned long)ALIGN_OF(type))
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

int main(void) {
  if (mus_state_size() != sizeof(mus_state)) {
    fprintf(stderr, "mus_state_size() is %lu but sizeof(mus_state) is %lu\n",
            (unsigned long)mus_state_size(), (unsigned long)sizeof(mus_state));
    return 1;
  }
  structs();
  constants();
  functions();
  return 0;
}
