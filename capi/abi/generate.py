#!/usr/bin/env python3
"""The one generator of the C API's binding layers: mus.h -> manifest -> each binding's raw layer.

    generate.py records <mus.h> <out.inc>      the record list abi_layout.c compiles (the build
                                               runs this; the C compiler then checks every
                                               record against the header)
    generate.py write [--program <abi_layout>] with --program: run it and write its output as
                                               the manifest, capi/abi/layout.txt; then write
                                               every binding's raw layer from the manifest
    generate.py check [python|dotnet|js ...]   regenerate in memory and compare with the files;
                                               exit 1 naming the stale ones and the command

The manifest (layout.txt) has one record a line: ``release <MUS_VERSION_STRING>`` (first; the
header's version, which changes with each release and is not ABI), ``struct <name> <sizeof> <alignof>``,
``field <struct> <field> <offset> <size> <type>`` (``int32_t``, ``uint8_t[16]``,
``mus_count_line[4]``), ``opaque <name>`` (a handle type the library owns),
``const <NAME> <value>`` and ``func <name> <return> (<type> <name>, ...)``.
From it this script writes, and nothing else writes:

- Python: capi/python/mus/_abi.py (constants, ctypes structs, the prototype of every function)
  and capi/python/mus/_enums.py (the enums, ENUMS below, and the action-id blocks);
- C#: capi/dotnet/src/NativeMethods.cs (constants, blittable structs, [DllImport]s) and
  capi/dotnet/src/Enums.cs (the enums and the action-id blocks);
- JavaScript: capi/js/src/layout.ts (struct offsets, constants, every function's signature) and
  capi/js/src/enums.ts (the enums and the action-id blocks);
- the release (the version of mus.h), everywhere a binding states it: the C# version constants
  (in NativeMethods.cs) and <Version> of capi/dotnet/src/Mus.csproj, Python's
  capi/python/mus/_version.py, and the "version" of capi/js/package.json and package-lock.json
  (in those three package files only that value is written; the rest is theirs).

Standard library only; the output depends on the manifest alone (and a package file's on its
own text besides the version), so any machine writes the same bytes.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from typing import Callable, Dict, List, NamedTuple, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LAYOUT = os.path.join(HERE, "layout.txt")
COMMAND = "cmake --build <build dir> --target abi_generate"
SCRIPT_COMMAND = "python3 capi/abi/generate.py write"

# ---- The manifest ---------------------------------------------------------------------------


class Field(NamedTuple):
    name: str
    offset: int
    size: int
    elem: str          # the C element type: int32_t, uint8_t, mus_count_line
    count: int         # 0 for a scalar, else the number of elements


class Struct(NamedTuple):
    name: str
    size: int
    align: int
    fields: List[Field]


class Func(NamedTuple):
    name: str
    ret: str
    params: List[str]  # the parameter types
    names: List[str]   # the parameter names, as the header declares them

    def signature(self) -> str:
        return "%s (%s)" % (self.ret, ", ".join(self.params) or "void")


class Manifest(NamedTuple):
    structs: List[Struct]
    consts: List[Tuple[str, int]]
    funcs: List[Func]
    opaques: List[str]  # handle types: declared, never defined (``typedef struct x x;``)
    release: str = ""   # MUS_VERSION_STRING, e.g. "0.3.0"

    def version(self) -> Tuple[int, int, int]:
        """(major, minor, patch) of the release; ValueError when there is none, or when its
        major is not the MUS_VERSION_MAJOR constant."""
        m = re.match(r"([0-9]+)\.([0-9]+)\.([0-9]+)", self.release)
        if not m:
            raise ValueError("layout.txt has no release record (run `%s`)" % COMMAND)
        major, minor, patch = (int(g) for g in m.groups())
        if dict(self.consts).get("MUS_VERSION_MAJOR", major) != major:
            raise ValueError("layout.txt: the release %s is not of major version %d"
                             % (self.release, dict(self.consts)["MUS_VERSION_MAJOR"]))
        return major, minor, patch


def parse_manifest(text: str) -> Manifest:
    """The records of layout.txt; ValueError on a malformed one."""
    structs: Dict[str, Struct] = {}
    consts: List[Tuple[str, int]] = []
    funcs: List[Func] = []
    opaques: List[str] = []
    release = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split(" ")
        kind = words[0]
        try:
            if kind == "release" and len(words) == 2 and not release and re.fullmatch(
                    r"[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?", words[1]):
                release = words[1]
            elif kind == "struct" and len(words) == 4:
                structs[words[1]] = Struct(words[1], int(words[2]), int(words[3]), [])
            elif kind == "field" and len(words) == 6:
                m = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[([0-9]+)\])?", words[5])
                if not m or words[1] not in structs:
                    raise ValueError
                structs[words[1]].fields.append(
                    Field(words[2], int(words[3]), int(words[4]), m.group(1),
                          int(m.group(2) or 0)))
            elif kind == "opaque" and len(words) == 2 and re.fullmatch(r"mus_[a-z0-9_]+",
                                                                      words[1]):
                opaques.append(words[1])
            elif kind == "const" and len(words) == 3:
                consts.append((words[1], int(words[2])))
            elif kind == "func":
                m = re.fullmatch(r"func (mus_[a-z0-9_]+) ([^(]+) \((.*)\)", line)
                if not m:
                    raise ValueError
                params, names = [], []
                for param in [] if m.group(3) == "void" else m.group(3).split(", "):
                    p = re.fullmatch(r"(.*[ *]) ?([A-Za-z_][A-Za-z0-9_]*)", param)
                    if not p:
                        raise ValueError
                    params.append(p.group(1).strip())
                    names.append(p.group(2))
                funcs.append(Func(m.group(1), m.group(2), params, names))
            else:
                raise ValueError
        except ValueError:
            raise ValueError("layout.txt line %d: malformed record %r" % (number, line)) from None
    if not funcs:
        raise ValueError("layout.txt has no func records")
    return Manifest(list(structs.values()), consts, funcs, opaques, release)


def pointee(c_type: str) -> Tuple[str, bool, bool]:
    """(base type, is a pointer, is const) of a C type of the manifest."""
    text = c_type.strip()
    const = text.startswith("const ")
    if const:
        text = text[len("const "):].strip()
    if text.endswith("*"):
        return text[:-1].strip(), True, const
    return text, False, const


# ---- mus.h -> the records abi_layout.c prints -----------------------------------------------

NOT_ABI = {"MUS_VERSION_MINOR", "MUS_VERSION_PATCH"}  # they change with each release


def header_records(header_text: str) -> str:
    """The C record list of abi_layout.c for a header: every struct and field, every integer
    constant (but MUS_VERSION_MINOR/_PATCH) and every MUS_API function, in the header's order.
    abi_layout.c checks each one against the declaration when it compiles."""
    code = re.sub(r"/\*.*?\*/", " ", header_text, flags=re.S)
    code = re.sub(r"//[^\n]*", "", code)
    out = ["/* Generated from mus.h by capi/abi/generate.py (the build runs it): do not edit. */"]

    out.append("static void structs(void) {")
    for m in re.finditer(r"typedef struct (mus_\w+) (?:\{(.*?)\} \1|\1);", code, re.S):
        name = m.group(1)
        if m.group(2) is None:
            out.append("  OPAQUE(%s);" % name)
            continue
        out.append("  STRUCT(%s);" % name)
        for decl in m.group(2).split(";"):
            decl = " ".join(decl.split())
            if not decl:
                continue
            f = re.fullmatch(r"(.+?)\s*\b(\w+)\s*((?:\[[^\]]+\]\s*)*)", decl)
            if not f:
                raise ValueError("mus.h: cannot read the field %r of %s" % (decl, name))
            elem, field, dims = f.group(1).strip(), f.group(2), f.group(3).replace(" ", "")
            if dims:
                out.append("  FIELD_ARRAY(%s, %s, %s, %s);" % (name, field, elem, dims))
            else:
                out.append("  FIELD(%s, %s, %s);" % (name, field, elem))
    out.append("}")

    out.append("static void constants(void) {")
    for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(MUS_[A-Z0-9_]+)[ \t]+\(?-?[0-9]+\)?[ \t]*$",
                         code, re.M):
        if m.group(1) not in NOT_ABI:
            out.append("  CONST(%s);" % m.group(1))
    out.append("}")

    out.append("static void functions(void) {")
    no_cpp = re.sub(r"^[ \t]*#.*$", "", code, flags=re.M)
    for m in re.finditer(r"\bMUS_API\s+([^;{}]*?)\b(mus_\w+)\s*\(([^)]*)\)\s*;", no_cpp):
        ret = normalize_type(m.group(1))
        params = []
        for param in m.group(3).split(","):
            param = " ".join(param.split())
            if param == "void":
                continue
            p = re.fullmatch(r"(.*?[ *])\s*(\w+)\s*(\[[^\]]*\])?", param)
            if not p:
                raise ValueError("mus.h: cannot read the parameter %r of %s" % (param, m.group(2)))
            params.append("%s%s %s" % (normalize_type(p.group(1)), "*" if p.group(3) else "",
                                         p.group(2)))
        out.append("  FUNC(%s, %s, (%s));" % (m.group(2), ret, ", ".join(params) or "void"))
    out.append("}")
    return "\n".join(out) + "\n"


def normalize_type(text: str) -> str:
    """A C type as the manifest spells it: single spaces, ``T*`` with no space before the star."""
    text = " ".join(text.split())
    return re.sub(r"\s*\*", "*", text).strip()


# ---- Python: capi/python/mus/_abi.py --------------------------------------------------------

PY_SCALARS = {
    "int8_t": "ctypes.c_int8", "uint8_t": "ctypes.c_uint8", "int16_t": "ctypes.c_int16",
    "uint16_t": "ctypes.c_uint16", "int32_t": "ctypes.c_int32", "uint32_t": "ctypes.c_uint32",
    "int64_t": "ctypes.c_int64", "uint64_t": "ctypes.c_uint64", "size_t": "ctypes.c_size_t",
    "float": "ctypes.c_float", "double": "ctypes.c_double", "int": "ctypes.c_int",
}


def generated_by(comment: str) -> List[str]:
    return [
        "%s Generated by capi/abi/generate.py from capi/abi/layout.txt, the manifest of mus.h:"
        % comment,
        "%s do not edit. After a change to include/mus/mus.h run" % comment,
        "%s   %s" % (comment, COMMAND),
        "%s (or `%s` when layout.txt is already current)." % (comment, SCRIPT_COMMAND),
    ]


def py_type(c_type: str, structs: Dict[str, Struct], opaques: Tuple[str, ...] = ()) -> str:
    base, is_pointer, _ = pointee(c_type)
    if is_pointer and base.endswith("*"):  # a pointer to a pointer: an out-parameter of a handle
        return "_P(%s)" % py_type(base, structs, opaques)
    if is_pointer and base in opaques:
        return "_P(%s)" % base
    if not is_pointer:
        if base == "void":
            return "None"
        if base in PY_SCALARS:
            return PY_SCALARS[base]
        raise ValueError("no ctypes mapping for the C type %r" % c_type)
    if base == "char":
        return "ctypes.c_char_p"
    if base == "void":
        return "ctypes.c_void_p"
    if base in PY_SCALARS:
        return "_P(%s)" % PY_SCALARS[base]
    if base in structs:
        return "_P(%s)" % base
    raise ValueError("no ctypes mapping for the C type %r" % c_type)


def python_layer(man: Manifest) -> str:
    structs = {s.name: s for s in man.structs}
    o = ['"""The C ABI of mus/mus.h as ctypes declarations: every constant, every struct and the',
         "prototype of every function.", ""]
    o += [line[2:] for line in generated_by("#")]
    o += ["",
          "This module never loads libmus: it only describes the binary interface. mus._lib sets",
          "the prototypes on the library it loads; the rest of the package is built on both.",
          "Names are the header's, unchanged.",
          '"""', "",
          "from __future__ import annotations", "",
          "import ctypes",
          "from typing import Any, Dict, List, Tuple", "",
          "# ---- Constants " + "-" * 76]
    for name, value in man.consts:
        o.append("%s = %d" % (name, value))
    o += ["", "# ---- Structs " + "-" * 78]
    for name in man.opaques:
        o += ["", "",
              "class %s(ctypes.Structure):  # noqa: N801 (the header's names)" % name,
              '    """%s: opaque, a handle the library owns (only pointers to it are used)."""'
              % name]
    for s in man.structs:
        o += ["", "",
              "class %s(ctypes.Structure):  # noqa: N801 (the header's names)" % s.name,
              '    """%s: %d bytes, aligned to %d."""' % (s.name, s.size, s.align),
              "",
              "    _fields_ = ["]
        for f in s.fields:
            elem = PY_SCALARS.get(f.elem) or (f.elem if f.elem in structs else None)
            if elem is None:
                raise ValueError("no ctypes mapping for the field type %r" % f.elem)
            ctype = "%s * %d" % (elem, f.count) if f.count else elem
            o.append('        ("%s", %s),' % (f.name, ctype))
        o.append("    ]")
    o += ["", "",
          "#: Every public struct of mus.h, by its C name.",
          "STRUCTS: Dict[str, Any] = {"]
    o += ['    "%s": %s,' % (s.name, s.name) for s in man.structs]
    o += ["}", "",
          "_P = ctypes.POINTER",
          "",
          "#: Every function of mus.h: name -> (restype, argtypes), its C signature in ctypes",
          "#: terms (``const char*`` and ``char*`` are c_char_p, ``T*`` is POINTER(T)).",
          "PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {"]
    opaques = tuple(man.opaques)
    for fn in man.funcs:
        args = ", ".join(py_type(p, structs, opaques) for p in fn.params)
        o.append("    # %s" % fn.signature())
        line = '    "%s": (%s, [%s]),' % (fn.name, py_type(fn.ret, structs, opaques), args)
        if len(line) > 99:
            line = '    "%s": (%s, [\n%s,\n    ]),' % (
                fn.name, py_type(fn.ret, structs, opaques),
                ",\n".join("        " + py_type(p, structs, opaques) for p in fn.params))
        o.append(line)
    o += ["}", "", "",
          "def constants() -> Dict[str, int]:",
          '    """Every ``MUS_*`` integer constant of mus.h, by name."""',
          "    return {name: value for name, value in globals().items()",
          '            if name.startswith("MUS_") and isinstance(value, int)}']
    return "\n".join(o) + "\n"


def python_version(man: Manifest) -> str:
    man.version()
    o = ['"""The binding\'s version: the version of the libmus C API it was written for (mus.h).', ""]
    o += [line[2:] for line in generated_by("#")]
    o += ['"""', '__version__ = "%s"' % man.release]
    return "\n".join(o) + "\n"


# ---- C#: capi/dotnet/src/NativeMethods.cs ---------------------------------------------------

CS_SCALARS = {
    "int8_t": "sbyte", "uint8_t": "byte", "int16_t": "short", "uint16_t": "ushort",
    "int32_t": "int", "uint32_t": "uint", "int64_t": "long", "uint64_t": "ulong",
    "size_t": "UIntPtr", "float": "float", "double": "double", "char": "byte", "void": "void",
}


def cs_type(c_type: str, structs: Dict[str, Struct], is_return: bool,
            opaques: Tuple[str, ...] = ()) -> str:
    base, is_pointer, const = pointee(c_type)
    if is_pointer and const and base == "char":
        return "IntPtr" if is_return else "[MarshalAs(UnmanagedType.LPStr)] string"
    if is_pointer and base.endswith("*"):  # a pointer to a pointer: an out-parameter of a handle
        return cs_type(base, structs, is_return, opaques) + "*"
    inner = CS_SCALARS.get(base) or (base if base in structs or base in opaques else None)
    if inner is None or (inner == "void" and is_pointer):
        raise ValueError("no C# mapping for the C type %r" % c_type)
    return inner + "*" if is_pointer else inner


CS_KEYWORDS = {
    "abstract", "as", "base", "bool", "break", "byte", "case", "catch", "char", "checked",
    "class", "const", "continue", "decimal", "default", "delegate", "do", "double", "else",
    "enum", "event", "explicit", "extern", "false", "finally", "fixed", "float", "for",
    "foreach", "goto", "if", "implicit", "in", "int", "interface", "internal", "is", "lock",
    "long", "namespace", "new", "null", "object", "operator", "out", "override", "params",
    "private", "protected", "public", "readonly", "ref", "return", "sbyte", "sealed", "short",
    "sizeof", "stackalloc", "static", "string", "struct", "switch", "this", "throw", "true",
    "try", "typeof", "uint", "ulong", "unchecked", "unsafe", "ushort", "using", "virtual",
    "void", "volatile", "while",
}


def cs_name(name: str) -> str:
    """A C parameter name as a C# identifier (``out`` -> ``@out``)."""
    return "@" + name if name in CS_KEYWORDS else name


def csharp_layer(man: Manifest) -> str:
    structs = {s.name: s for s in man.structs}
    o = generated_by("//")
    o += ["//",
          "// P/Invoke declarations of include/mus/mus.h, one for one: the same names, the same",
          "// fields in the same order, the same numbers. Everything is blittable: the runtime",
          "// passes pointers straight through. Types: int32_t -> int, uint32_t -> uint, uint64_t ->",
          "// ulong, uint8_t -> byte, size_t -> UIntPtr, const char* -> string (a parameter) or",
          "// IntPtr (a static string returned, never freed), char* -> byte* (a buffer), T* -> T*;",
          "// an array field is a fixed buffer, an array of structs one field per element (name_0,",
          "// name_1, ...) read by name_at(i); the version constants are the manifest's release",
          "// record. The hand-written part of NativeMethods is NativeMethods.Manual.cs; the Mus",
          "// namespace wraps all this in idiomatic classes.",
          "using System;",
          "using System.Runtime.InteropServices;",
          "",
          "namespace Mus.Native",
          "{"]
    for name in man.opaques:
        o += ["    /// <summary>%s of mus.h: opaque, a handle the library owns (only pointers to it "
              "are used).</summary>" % name,
              "    public struct %s" % name,
              "    {",
              "    }",
              ""]
    for s in man.structs:
        o += ["    /// <summary>%s of mus.h: %d bytes, aligned to %d.</summary>"
              % (s.name, s.size, s.align),
              "    [StructLayout(LayoutKind.Sequential)]",
              "    public unsafe partial struct %s" % s.name,
              "    {"]
        accessors = []
        for f in s.fields:
            if f.elem in structs:
                if not f.count:
                    o.append("        public %s %s;" % (f.elem, f.name))
                    continue
                for i in range(f.count):
                    note = "  // %s %s[%d]" % (f.elem, f.name, f.count) if i == 0 else ""
                    o.append("        public %s %s_%d;%s" % (f.elem, f.name, i, note))
                accessors.append(f)
                continue
            cs = CS_SCALARS.get(f.elem)
            if cs is None or cs == "void":
                raise ValueError("no C# mapping for the field type %r" % f.elem)
            if f.count:
                o.append("        public fixed %s %s[%d];" % (cs, f.name, f.count))
            else:
                o.append("        public %s %s;" % (cs, f.name))
        for f in accessors:
            o += ["",
                  "        /// <summary>%s[i], i in 0..%d.</summary>" % (f.name, f.count - 1),
                  "        public %s %s_at(int i)" % (f.elem, f.name),
                  "        {",
                  "            switch (i)",
                  "            {"]
            o += ["                case %d: return %s_%d;" % (i, f.name, i) for i in range(f.count)]
            o += ['                default: throw new ArgumentOutOfRangeException("i");',
                  "            }",
                  "        }"]
        o += ["    }", ""]
    o += ["    /// <summary>The constants and functions of mus.h.</summary>",
          "    public static unsafe partial class NativeMethods",
          "    {",
          "        /// <summary>",
          "        /// The library name: libmus.so (Linux), libmus.dylib (macOS), mus.dll (Windows).",
          "        /// </summary>",
          '        public const string Library = "mus";',
          ""]
    for name, value in man.consts:
        kind = "int" if -2**31 <= value < 2**31 else "long"
        o.append("        public const %s %s = %d;" % (kind, name, value))
    _, minor, patch = man.version()
    o += ["",
          "        /// <summary>Minor version of the header these bindings go with.</summary>",
          "        public const int MUS_VERSION_MINOR = %d;" % minor,
          "",
          "        /// <summary>Patch version of the header these bindings go with.</summary>",
          "        public const int MUS_VERSION_PATCH = %d;" % patch,
          "",
          "        /// <summary>The version as text.</summary>",
          '        public const string MUS_VERSION_STRING = "%s";' % man.release,
          "",
          "        /// <summary>The version as one number, as mus_version() returns it.</summary>",
          "        public const int MUS_VERSION = MUS_VERSION_MAJOR * 10000 + MUS_VERSION_MINOR * 100"
          " + MUS_VERSION_PATCH;"]
    opaques = tuple(man.opaques)
    for fn in man.funcs:
        params = ["%s %s" % (cs_type(p, structs, False, opaques), cs_name(n))
                  for p, n in zip(fn.params, fn.names)]
        ret = cs_type(fn.ret, structs, True, opaques)
        decl = "        public static extern %s %s(%s);" % (ret, fn.name, ", ".join(params))
        if len(decl) > 100:
            decl = "        public static extern %s %s(\n            %s);" % (
                ret, fn.name, ",\n            ".join(params))
        o += ["",
              "        /// <summary>",
              "        /// %s %s(%s) of mus.h." % (fn.ret, fn.name, ", ".join(
                  "%s %s" % (p, n) for p, n in zip(fn.params, fn.names)) or "void"),
              "        /// </summary>",
              "        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, "
              "ExactSpelling = true)]",
              decl]
    o += ["    }", "}"]
    return "\n".join(o) + "\n"


# ---- JavaScript: capi/js/src/layout.ts ------------------------------------------------------


def js_layer(man: Manifest) -> str:
    o = generated_by("//")
    o += ["", "/** Byte offset and size of each field of each struct of mus.h. */",
          "export const STRUCTS = {"]
    for s in man.structs:
        o += ["  %s: {" % s.name, "    size: %d," % s.size, "    align: %d," % s.align,
              "    fields: {"]
        o += ["      %s: [%d, %d]," % (f.name, f.offset, f.size) for f in s.fields]
        o += ["    },", "  },"]
    o += ["} as const;", "", "/** The numbered constants of mus.h, by their C names. */",
          "export const C = {"]
    o += ["  %s: %s," % (n, "%dn" % v if abs(v) > 2**53 else str(v)) for n, v in man.consts]
    o += ["} as const;", "",
          "/**",
          " * The C signature of every function of mus.h, as the manifest writes it: return type,",
          " * then the parameter types.",
          " */",
          "export const SIGNATURES = {"]
    for fn in man.funcs:
        params = ", ".join("'%s'" % p for p in fn.params)
        o.append("  %s: ['%s', [%s]]," % (fn.name, fn.ret, params))
    o += ["} as const satisfies Record<string, readonly [string, readonly string[]]>;"]
    return "\n".join(o) + "\n"


# ---- The enums: groups of constants, one table for every binding ----------------------------


class EnumSpec(NamedTuple):
    name: str                        # the Python and JavaScript name
    cs_name: str                     # the C# name
    prefix: str                      # its values are the constants <prefix><MEMBER>
    doc: str                         # what the values are
    exclude: Tuple[str, ...] = ()    # prefixes of constants that share `prefix` but are not values
    extra: Tuple[str, ...] = ()      # whole names added first (MUS_OK to the status codes)
    languages: Tuple[str, ...] = ("python", "dotnet", "js")


#: Every enum of the bindings: its values are the manifest's constants of its prefix, so a value
#: added to mus.h reaches every binding with `abi_generate`.
ENUMS = [
    EnumSpec("Status", "MusStatus", "MUS_E_", "Status codes", extra=("MUS_OK",)),
    EnumSpec("Lance", "Lance", "MUS_LANCE_", "The lances, juego or punto last",
             exclude=("MUS_LANCE_STATUS_",)),
    EnumSpec("Royal31", "Royal31", "MUS_ROYAL31_", "The 31 real option of the rules, R21"),
    EnumSpec("MusCorrido", "MusCorrido", "MUS_CORRIDO_", "The mus corrido option of the rules, R31"),
    EnumSpec("Answers", "Answers", "MUS_ANSWERS_", "How a team answers a bet, R25 and R25a"),
    EnumSpec("SignalSet", "SignalSet", "MUS_SIGNALS_", "The signal set of the rules, R33a"),
    EnumSpec("Phase", "Phase", "MUS_PHASE_", "Match phases"),
    EnumSpec("ActionKind", "ActionKind", "MUS_ACTION_", "Action kinds (0 is never one)",
             exclude=("MUS_ACTION_ID_", "MUS_ACTION_TEXT_")),
    EnumSpec("Signal", "Signal", "MUS_SIGNAL_", "Signals to the partner, R33",
             exclude=("MUS_SIGNALS_",)),
    EnumSpec("LanceStatus", "LanceStatus", "MUS_LANCE_STATUS_", "How a lance was played"),
    EnumSpec("HandEnd", "HandEnd", "MUS_END_", "How a hand ended"),
    EnumSpec("EventKind", "EventKind", "MUS_EVENT_", "Public event kinds"),
    EnumSpec("BotKind", "BotKind", "MUS_BOT_", "The computer players of the library"),
    EnumSpec("Level", "Level", "MUS_LEVEL_", "The levels a player chooses bots by, weakest first"),
    EnumSpec("PlayoutScope", "PlayoutScope", "MUS_PLAYOUT_", "How far playouts play"),
    EnumSpec("BatchReward", "BatchReward", "MUS_BATCH_REWARD_",
             "The reward a batch reports for each team (experimental)"),
    EnumSpec("TipKind", "TipKind", "MUS_TIP_", "What a tip says; mus.h's table of tip kinds"),
    EnumSpec("RecordLine", "RecordLine", "MUS_RECORD_LINE_",
             "What one line of a match record holds"),
    EnumSpec("RecordEnd", "RecordEnd", "MUS_RECORD_END_", "How a match record ends"),
    EnumSpec("ActionId", "", "MUS_ACTION_ID_",
             "The action-id space: each block's first id, and the number of ids", languages=("js",)),
]


def enum_members(spec: EnumSpec, man: Manifest) -> List[Tuple[str, str, int]]:
    """(member name, C name, value) of each value of an enum, extras first, then the header's
    order; ValueError when the manifest has none (a prefix that no longer names anything)."""
    consts = dict(man.consts)
    out = [(c[len("MUS_"):], c, consts[c]) for c in spec.extra if c in consts]
    for name, value in man.consts:
        if name.startswith(spec.prefix) and not name.startswith(spec.exclude):
            out.append((name[len(spec.prefix):], name, value))
    if not out:
        raise ValueError("enum %s: the manifest has no constant %s*" % (spec.name, spec.prefix))
    return out


def action_id_blocks(man: Manifest) -> List[Tuple[str, int, int]]:
    """(kind, first id, number of ids) of each block of the action-id space, in id order: the
    blocks are the MUS_ACTION_ID_<KIND> constants, each running to the next (the last to
    MUS_ACTION_ID_COUNT), as mus.h's table of action ids lays them out."""
    consts = dict(man.consts)
    firsts = sorted((value, name[len("MUS_ACTION_ID_"):]) for name, value in man.consts
                    if name.startswith("MUS_ACTION_ID_") and name != "MUS_ACTION_ID_COUNT")
    ends = [first for first, _ in firsts[1:]] + [consts["MUS_ACTION_ID_COUNT"]]
    return [(kind, first, end - first) for (first, kind), end in zip(firsts, ends)]


def pascal(member: str) -> str:
    """A member name in C# style: ``INVALID_ARGUMENT`` -> ``InvalidArgument``."""
    return "".join(word[:1] + word[1:].lower() for word in member.split("_"))


def enum_prefix_text(spec: EnumSpec) -> str:
    return ", ".join(list(spec.extra) + [spec.prefix + "*"])


def python_enums(man: Manifest) -> str:
    o = ['"""The enumerations of mus.h as :class:`enum.IntEnum` types, and the blocks of the',
         "action-id space.", ""]
    o += [line[2:] for line in generated_by("#")]
    o += ["",
          "mus.enums re-exports everything here (import from there); the values are the header's,",
          "pinned within a major version.",
          '"""', "",
          "from __future__ import annotations", "",
          "import enum",
          "from typing import Tuple, Type"]
    specs = [e for e in ENUMS if "python" in e.languages]
    for spec in specs:
        members = enum_members(spec, man)
        o += ["", "",
              "class %s(enum.IntEnum):" % spec.name,
              '    """%s (``%s``)."""' % (spec.doc, "``, ``".join(enum_prefix_text(spec).split(", "))),
              ""]
        o += ["    %s = %d  #: %s" % (m, v, c) for m, c, v in members]
        extra = {m: c for m, c, _ in members if c in spec.extra}
        body = ('return %r + self.name' % spec.prefix if not extra else
                'return %r.get(self.name, %r + self.name)' % (extra, spec.prefix))
        o += ["",
              "    @property",
              "    def c_name(self) -> str:",
              '        """This value\'s name in mus.h."""',
              "        %s" % body]
    o += ["", "",
          "#: Every enum above.",
          "ENUMS: Tuple[Type[enum.IntEnum], ...] = (",
          "\n".join("    %s," % spec.name for spec in specs),
          ")",
          "",
          "#: The blocks of the action-id space, in id order: (first id, number of ids) of each kind",
          "#: of action, in the order of :class:`ActionKind` (mus.h's table of action ids).",
          "ACTION_ID_BLOCKS: Tuple[Tuple[int, int], ...] = ("]
    o += ["    (%d, %d),  # %s" % (first, n, kind) for kind, first, n in action_id_blocks(man)]
    o += [")"]
    return "\n".join(o) + "\n"


def csharp_enums(man: Manifest) -> str:
    o = generated_by("//")
    o += ["//",
          "// The enumerations of mus.h, with the header's numbers (pinned within a major version),",
          "// and the blocks of the action-id space.",
          "namespace Mus",
          "{"]
    for spec in (e for e in ENUMS if "dotnet" in e.languages):
        o += ["    /// <summary>%s (%s).</summary>" % (spec.doc, enum_prefix_text(spec)),
              "    public enum %s" % spec.cs_name,
              "    {"]
        for i, (m, c, v) in enumerate(enum_members(spec, man)):
            o += ([""] if i else []) + ["        /// <summary>%s.</summary>" % c,
                                        "        %s = %d," % (pascal(m), v)]
        o += ["    }", ""]
    o += ["    /// <summary>",
          "    /// The blocks of the action-id space (mus.h's table of action ids): the first id of each",
          "    /// kind of action, and its number of ids.",
          "    /// </summary>",
          "    public static class ActionIdBlocks",
          "    {"]
    blocks = action_id_blocks(man)
    for i, (method, doc, column) in enumerate((("First", "The first action id", 1),
                                               ("Count", "The number of action ids", 2))):
        o += ([""] if i else []) + [
            "        /// <summary>%s of a kind of action.</summary>" % doc,
            "        public static int %s(ActionKind kind)" % method,
            "        {",
            "            switch (kind)",
            "            {"]
        o += ["                case ActionKind.%s: return %d;" % (pascal(b[0]), b[column])
              for b in blocks]
        o += ['                default: throw new System.ArgumentOutOfRangeException("kind");',
              "            }",
              "        }"]
    o += ["    }", "}"]
    return "\n".join(o) + "\n"


def js_enums(man: Manifest) -> str:
    o = generated_by("//")
    o += ["//",
          "// The numbered constants of mus.h grouped into enums (Phase.BETTING === C.MUS_PHASE_BETTING),",
          "// and the blocks of the action-id space.",
          "",
          "/** The name of `value` in an enum (`nameOf(Phase, 2) === 'MUS'`), or String(value). */",
          "export function nameOf(group: Readonly<Record<string, number>>, value: number): string {",
          "  for (const [name, v] of Object.entries(group)) if (v === value) return name;",
          "  return String(value);",
          "}"]
    for spec in (e for e in ENUMS if "js" in e.languages):
        o += ["", "/** %s (%s). */" % (spec.doc, enum_prefix_text(spec)),
              "export const %s = Object.freeze({" % spec.name]
        o += ["  %s: %d," % (m, v) for m, _, v in enum_members(spec, man)]
        o += ["} as const);"]
    o += ["",
          "/** The blocks of the action-id space, in id order: [kind, first id, number of ids]. */",
          "export const ACTION_ID_BLOCKS: readonly (readonly [number, number, number])[] = Object.freeze(["]
    consts = dict(man.consts)
    o += ["  [%d, %d, %d], // %s" % (consts["MUS_ACTION_" + k], first, n, k)
          for k, first, n in action_id_blocks(man)]
    o += ["]);"]
    return "\n".join(o) + "\n"


# ---- The package files: only their version is the manifest's ---------------------------------

#: Each package file of a binding, with the patterns of its version values (the one group of each
#: pattern is the version; each pattern must match exactly once). The rest of the file is its own.
PACKAGE_VERSIONS: Dict[str, List[Tuple[str, List[str]]]] = {
    "dotnet": [("capi/dotnet/src/Mus.csproj", [r"<Version>([^<]*)</Version>"])],
    "js": [("capi/js/package.json", [r'\A\{\n  "name": "libmus",\n  "version": "([^"]*)"']),
           ("capi/js/package-lock.json",
            [r'\A\{\n  "name": "libmus",\n  "version": "([^"]*)"',
             r'\n  "packages": \{\n    "": \{\n      "name": "libmus",\n      "version": "([^"]*)"'])],
}


def with_release(text: str, patterns: List[str], release: str, path: str) -> str:
    """A package file's text with each version value the release; ValueError when a pattern does
    not match exactly once."""
    for pattern in patterns:
        matches = list(re.finditer(pattern, text))
        if len(matches) != 1:
            raise ValueError("%s: %d matches of the version pattern %r (want 1)"
                             % (path, len(matches), pattern))
        m = matches[0]
        text = text[:m.start(1)] + release + text[m.end(1):]
    return text


# ---- Driver ---------------------------------------------------------------------------------

BINDINGS: Dict[str, List[Tuple[str, Callable[[Manifest], str]]]] = {
    "python": [("capi/python/mus/_abi.py", python_layer),
               ("capi/python/mus/_enums.py", python_enums),
               ("capi/python/mus/_version.py", python_version)],
    "dotnet": [("capi/dotnet/src/NativeMethods.cs", csharp_layer),
               ("capi/dotnet/src/Enums.cs", csharp_enums)],
    "js": [("capi/js/src/layout.ts", js_layer),
           ("capi/js/src/enums.ts", js_enums)],
}

LAYOUT_PREAMBLE = """\
# The manifest of the C API: the binary interface of include/mus/mus.h, recorded on x86-64
# Linux (gcc, C99). Written by `%s` (generate.py write --program): the output of abi_layout.c,
# which compiles one record for every struct, field, constant and function the header declares
# and checks each against the declaration. Each binding's raw layer is generated from this file.
#
# The ctest abi_layout fails when the program's output differs from this file, so a change of
# any struct size, alignment, field offset, size or type, or of any pinned number, is made on
# purpose: within a major version only additions are allowed (see the ABI promise in the docs).
#
# Records: release <MUS_VERSION_STRING> (the version, not ABI: it changes with each release) |
#          struct <name> <sizeof> <alignof> | field <struct> <field> <offset> <sizeof> <type> |
#          const <NAME> <value> | func <name> <return type> (<param type>, ...).
#          A field's type is its element type, with [n] for an array of n; a func record writes
#          each parameter as its type and name, arrays as pointers. Lines starting with '#' are
#          comments.
# The structs have no implicit padding (compare_layout.cmake checks it), so the same numbers
# hold on every platform where int32_t and uint64_t are naturally aligned.
""" % COMMAND


def expected_outputs(man: Manifest, which: List[str], root: str = ROOT) -> Dict[str, str]:
    """Every file the manifest writes for the bindings `which`, by its relative path: the raw
    layers whole, and the package files (read from `root`) with the release as their version."""
    out = {path: write(man) for b in which for path, write in BINDINGS[b]}
    for b in which:
        for path, patterns in PACKAGE_VERSIONS.get(b, []):
            text = read(os.path.join(root, path))
            if text is None:
                raise ValueError("%s is missing" % path)
            man.version()  # a release of the manifest's major version
            out[path] = with_release(text, patterns, man.release, path)
    return out


def read(path: str) -> Optional[str]:
    try:
        with open(path, encoding="utf-8", newline="") as f:
            return f.read()
    except FileNotFoundError:
        return None


def write_if_changed(path: str, text: str) -> bool:
    if read(path) == text:
        return False
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    return True


def stale_files(layout_text: str, which: List[str], root: str = ROOT) -> List[str]:
    """The generated files (relative paths) that differ from what the manifest gives."""
    man = parse_manifest(layout_text)
    return [rel for rel, text in expected_outputs(man, which, root).items()
            if read(os.path.join(root, rel)) != text]


def stale_message(stale: List[str]) -> str:
    return ("stale: %s differ%s from capi/abi/layout.txt; run `%s` (or `%s`)"
            % (", ".join(stale), "s" if len(stale) == 1 else "", COMMAND, SCRIPT_COMMAND))


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("records", help="write abi_layout.c's record list from mus.h")
    rec.add_argument("header")
    rec.add_argument("output")
    wr = sub.add_parser("write", help="write the manifest (with --program) and the binding layers")
    wr.add_argument("--program", help="the abi_layout program: its output becomes layout.txt")
    wr.add_argument("--layout", default=LAYOUT)
    ch = sub.add_parser("check", help="fail when a binding layer differs from the manifest")
    ch.add_argument("bindings", nargs="*", metavar="|".join(sorted(BINDINGS)))
    ch.add_argument("--layout", default=LAYOUT)
    args = parser.parse_args(argv)

    if args.command == "records":
        with open(args.header, encoding="utf-8") as f:
            text = header_records(f.read())
        os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
        write_if_changed(args.output, text)
        return 0

    if args.command == "write":
        if args.program:
            out = subprocess.run([args.program], check=True, stdout=subprocess.PIPE,
                                 universal_newlines=True, timeout=120).stdout
            if write_if_changed(args.layout, LAYOUT_PREAMBLE + out):
                print("wrote %s" % os.path.relpath(args.layout, ROOT))
        with open(args.layout, encoding="utf-8") as f:
            man = parse_manifest(f.read())
        changed = [rel for rel, text in expected_outputs(man, sorted(BINDINGS)).items()
                   if write_if_changed(os.path.join(ROOT, rel), text)]
        for rel in changed:
            print("wrote %s" % rel)
        print("%d structs, %d constants, %d functions; %d binding file%s rewritten"
              % (len(man.structs), len(man.consts), len(man.funcs), len(changed),
                 "" if len(changed) == 1 else "s"))
        return 0

    which = args.bindings or sorted(BINDINGS)
    unknown = sorted(set(which) - set(BINDINGS))
    if unknown:
        parser.error("unknown binding %s (choose from %s)"
                     % (", ".join(unknown), ", ".join(sorted(BINDINGS))))
    with open(args.layout, encoding="utf-8") as f:
        stale = stale_files(f.read(), which)
    if stale:
        print(stale_message(stale))
        return 1
    print("current: %s match capi/abi/layout.txt"
          % ", ".join([path for b in which for path, _ in BINDINGS[b]] +
                      [path for b in which for path, _ in PACKAGE_VERSIONS.get(b, [])]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
