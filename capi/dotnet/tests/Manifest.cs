// The C# declarations (Mus.Native) against the manifest of mus.h, capi/abi/layout.txt: the
// output of capi/abi/abi_layout.c, compiled from the header, with one record per struct,
// field, constant and function (format in that file's header comment). NativeMethods.cs is
// generated from the manifest (the ctest mus_dotnet_generated regenerates it and compares);
// this test checks what the generator cannot promise by itself, as the runtime sees it:
//
//   struct <name> <sizeof> <alignof>        a struct of Mus.Native with that Marshal.SizeOf,
//                                           managed sizeof and alignment;
//   field <struct> <field> <offset> <size>  a field at that Marshal.OffsetOf with that size (an
//                                           array of structs is declared as <field>_0 ..
//                                           <field>_n-1, back to back);
//   opaque <name>                           an empty struct of Mus.Native (a handle: only
//                                           pointers to it cross the API);
//   const <NAME> <value>                    a constant NativeMethods.NAME equal to value;
//   func <name> <return> (<params>)         a [DllImport] NativeMethods.name whose return and
//                                           parameter types are the C types mapped by CSharpTypes
//                                           (and parameter names the header's),
//                                           resolved in the loaded libmus, and called by the Mus
//                                           classes or listed in NativeMethods.DeliberatelyUnbound
//                                           with a reason.
//
// And the other way round: no C# struct, field, MUS_ constant or [DllImport] that the manifest
// does not have. A function added to mus.h therefore fails this test until the Mus classes call
// it (or it is listed as deliberately unbound with a reason).
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Mus.Native;

internal static partial class BindingTests
{
    /// <summary>The C scalar types of mus.h and the one C# type each maps to.</summary>
    private static readonly Dictionary<string, Type> CScalars = new Dictionary<string, Type>
    {
        { "void", typeof(void) },
        { "int32_t", typeof(int) },
        { "uint32_t", typeof(uint) },
        { "uint64_t", typeof(ulong) },
        { "uint8_t", typeof(byte) },
        { "size_t", typeof(UIntPtr) },
        { "float", typeof(float) },
        { "double", typeof(double) },
        { "char", typeof(byte) }, // text buffers are bytes (ASCII)
    };

    /// <summary>
    /// The C# types that may stand for a C type in a [DllImport] signature: a scalar its one
    /// type; a struct mus_x the struct Mus.Native.mus_x; T* a pointer T*, ref/out T or T[] of
    /// T's type; const char* in a parameter also string (marshalled as a NUL-terminated
    /// ANSI/UTF-8 copy), as a return only IntPtr (a static string the caller must not free).
    /// </summary>
    internal static List<Type> CSharpTypes(string cType, bool isReturn)
    {
        string t = cType.Trim();
        bool isConst = t.StartsWith("const ", StringComparison.Ordinal);
        if (isConst) t = t.Substring(6).Trim();
        var result = new List<Type>();
        if (t.EndsWith("*", StringComparison.Ordinal))
        {
            string pointee = t.Substring(0, t.Length - 1).Trim();
            if (isConst && pointee == "char")
            {
                if (isReturn) result.Add(typeof(IntPtr));
                else result.Add(typeof(string));
            }
            if (isReturn && result.Count > 0) return result;
            foreach (Type inner in CSharpTypes(pointee, false))
            {
                // T** (the out-parameter of a handle) is a pointer to a pointer; nothing else nests.
                if (inner == typeof(void) || inner == typeof(string) || inner.IsByRef || inner.IsArray) continue;
                result.Add(inner.MakePointerType());
                if (!isReturn)
                {
                    result.Add(inner.MakeByRefType());
                    result.Add(inner.MakeArrayType());
                }
            }
            return result;
        }
        Type scalar;
        if (CScalars.TryGetValue(t, out scalar))
        {
            result.Add(scalar);
            return result;
        }
        Type structType = typeof(NativeMethods).Assembly.GetType("Mus.Native." + t);
        if (structType != null && structType.IsValueType) result.Add(structType);
        return result;
    }

    /// <summary>One record of the manifest, split into words.</summary>
    private sealed class ManifestRecord
    {
        public string Kind;
        public string Line;
        public string[] Words;
    }

    private static List<ManifestRecord> ReadManifest(string path)
    {
        var records = new List<ManifestRecord>();
        foreach (string raw in File.ReadAllLines(path))
        {
            string line = raw.Trim();
            if (line.Length == 0 || line.StartsWith("#", StringComparison.Ordinal)) continue;
            string[] words = line.Split(' ');
            records.Add(new ManifestRecord { Kind = words[0], Line = line, Words = words });
        }
        return records;
    }

    /// <summary>The C# constants of the release record (the version), not const records.</summary>
    private static readonly HashSet<string> ReleaseConstants = new HashSet<string>
    {
        "MUS_VERSION_MINOR", "MUS_VERSION_PATCH", "MUS_VERSION_STRING", "MUS_VERSION",
    };

    private static void ManifestCheck(string path)
    {
        if (!Check(path != null && File.Exists(path), "the manifest exists: " + path)) return;
        List<ManifestRecord> records = ReadManifest(path);
        Check(records.Count(r => r.Kind == "func") >= 40, "the manifest lists the functions");
        Check(records.Count(r => r.Kind == "release") == 1, "the manifest has one release record");
        var structs = new HashSet<string>();
        var fields = new HashSet<string>(); // "struct.field" of every C# field matched
        var consts = new HashSet<string>();
        var funcs = new HashSet<string>();
        foreach (ManifestRecord r in records)
        {
            switch (r.Kind)
            {
                case "struct": ManifestStruct(r, structs); break;
                case "field": ManifestField(r, fields); break;
                case "opaque": ManifestOpaque(r, structs); break;
                case "const": ManifestConst(r, consts); break;
                case "func": ManifestFunc(r, funcs); break;
                case "release": ManifestRelease(r); break;
                default: Check(false, "unknown manifest record: " + r.Line); break;
            }
        }

        // Nothing in C# that the header does not have.
        Assembly native = typeof(NativeMethods).Assembly;
        foreach (Type t in native.GetTypes().Where(t => t.Namespace == "Mus.Native" && t.IsValueType && t.Name.StartsWith("mus_")))
        {
            if (!Check(structs.Contains(t.Name), "C# struct " + t.Name + " is in the manifest")) continue;
            foreach (FieldInfo f in t.GetFields(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance))
                Check(fields.Contains(t.Name + "." + f.Name), "C# field " + t.Name + "." + f.Name + " is in the manifest");
        }
        foreach (FieldInfo f in typeof(NativeMethods).GetFields(BindingFlags.Public | BindingFlags.Static))
            if (f.IsLiteral && f.Name.StartsWith("MUS_", StringComparison.Ordinal) && !ReleaseConstants.Contains(f.Name))
                Check(consts.Contains(f.Name), "C# constant " + f.Name + " is in the manifest");
        foreach (MethodInfo m in typeof(NativeMethods).GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static))
            if ((m.Attributes & MethodAttributes.PinvokeImpl) != 0)
                Check(funcs.Contains(m.Name), "[DllImport] " + m.Name + " is a function of the manifest");
        foreach (KeyValuePair<string, string> u in NativeMethods.DeliberatelyUnbound)
        {
            Check(funcs.Contains(u.Key), "the unbound " + u.Key + " is a function of the manifest");
            Check(!string.IsNullOrEmpty(u.Value), "the unbound " + u.Key + " has a reason");
        }
        int bound = typeof(NativeMethods).GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static)
                                          .Count(m => (m.Attributes & MethodAttributes.PinvokeImpl) != 0);
        Console.WriteLine("manifest: " + records.Count + " records; " + funcs.Count + " functions, " + bound +
                          " bound, " + NativeMethods.DeliberatelyUnbound.Count + " deliberately unbound");
    }

    private static void ManifestStruct(ManifestRecord r, HashSet<string> structs)
    {
        string name = r.Words[1];
        int size = int.Parse(r.Words[2]);
        int align = int.Parse(r.Words[3]);
        structs.Add(name);
        Type t = typeof(NativeMethods).Assembly.GetType("Mus.Native." + name);
        if (!Check(t != null && t.IsValueType, "C# declares struct " + name)) return;
        Check(t.IsLayoutSequential, name + " has sequential layout");
        Eq(Marshal.SizeOf(t), size, "Marshal.SizeOf(" + name + ")");
        Eq(ManagedSizeOf(t), size, "sizeof(" + name + ")");
        Eq(AlignOf(t), align, "alignment of " + name);
    }

    private static void ManifestOpaque(ManifestRecord r, HashSet<string> structs)
    {
        string name = r.Words[1];
        structs.Add(name);
        Type t = typeof(NativeMethods).Assembly.GetType("Mus.Native." + name);
        if (!Check(t != null && t.IsValueType, "C# declares the opaque struct " + name)) return;
        Eq(t.GetFields(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance).Length, 0,
           "fields of the opaque " + name);
    }

    private static void ManifestField(ManifestRecord r, HashSet<string> fields)
    {
        string structName = r.Words[1], name = r.Words[2];
        int offset = int.Parse(r.Words[3]);
        int size = int.Parse(r.Words[4]);
        string what = structName + "." + name;
        Type t = typeof(NativeMethods).Assembly.GetType("Mus.Native." + structName);
        if (t == null) return; // reported by its struct record
        FieldInfo f = t.GetField(name);
        if (f != null)
        {
            fields.Add(structName + "." + name);
            Eq((int)Marshal.OffsetOf(t, name), offset, "offset of " + what);
            Eq(FieldSize(f), size, "size of " + what);
            return;
        }
        // An array of structs: name_0, name_1, ... back to back, filling the C field.
        int at = offset, i = 0;
        for (FieldInfo e; (e = t.GetField(name + "_" + i)) != null; ++i)
        {
            fields.Add(structName + "." + e.Name);
            Eq((int)Marshal.OffsetOf(t, e.Name), at, "offset of " + what + "[" + i + "]");
            at += FieldSize(e);
        }
        if (Check(i > 0, "C# declares field " + what))
            Eq(at - offset, size, "size of " + what + " (" + i + " elements)");
    }

    private static void ManifestConst(ManifestRecord r, HashSet<string> consts)
    {
        string name = r.Words[1];
        long value = long.Parse(r.Words[2]);
        consts.Add(name);
        FieldInfo f = typeof(NativeMethods).GetField(name, BindingFlags.Public | BindingFlags.Static);
        if (!Check(f != null && f.IsLiteral, "C# declares the constant " + name)) return;
        Eq(Convert.ToInt64(f.GetRawConstantValue()), value, name);
    }

    /// <summary>release &lt;MUS_VERSION_STRING&gt;: the version constants are that release's.</summary>
    private static void ManifestRelease(ManifestRecord r)
    {
        string release = r.Words[1];
        Eq(NativeMethods.MUS_VERSION_STRING, release, "MUS_VERSION_STRING is the manifest's release");
        string[] numbers = release.Split('-', '+')[0].Split('.');
        Eq(numbers.Length, 3, "the release " + release + " has three numbers");
        Eq(NativeMethods.MUS_VERSION_MAJOR, int.Parse(numbers[0]), "MUS_VERSION_MAJOR of the release");
        Eq(NativeMethods.MUS_VERSION_MINOR, int.Parse(numbers[1]), "MUS_VERSION_MINOR of the release");
        Eq(NativeMethods.MUS_VERSION_PATCH, int.Parse(numbers[2]), "MUS_VERSION_PATCH of the release");
        Eq(NativeMethods.MUS_VERSION, NativeMethods.MUS_VERSION_MAJOR * 10000 + NativeMethods.MUS_VERSION_MINOR * 100 +
           NativeMethods.MUS_VERSION_PATCH, "MUS_VERSION");
    }

    private static void ManifestFunc(ManifestRecord r, HashSet<string> funcs)
    {
        // func <name> <return type> (<param>, <param>, ...)
        string rest = r.Line.Substring("func ".Length);
        string name = rest.Substring(0, rest.IndexOf(' '));
        rest = rest.Substring(name.Length + 1);
        int open = rest.IndexOf('(');
        if (!Check(open > 0 && rest.EndsWith(")", StringComparison.Ordinal), "well-formed: " + r.Line)) return;
        string ret = rest.Substring(0, open).Trim();
        string inside = rest.Substring(open + 1, rest.Length - open - 2).Trim();
        // Each parameter is "<type> <name>".
        string[] declared = inside == "void" || inside.Length == 0 ? new string[0] : inside.Split(',').Select(p => p.Trim()).ToArray();
        string[] parameters = declared.Select(p => p.Substring(0, p.LastIndexOf(' ')).Trim()).ToArray();
        string[] names = declared.Select(p => p.Substring(p.LastIndexOf(' ') + 1)).ToArray();
        funcs.Add(name);

        MethodInfo m = typeof(NativeMethods).GetMethod(name, BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static);
        if (!Check(m != null, name + " (" + r.Line + ") is declared in NativeMethods (run capi/abi/generate.py)")) return;
        bool unbound = NativeMethods.DeliberatelyUnbound.ContainsKey(name);
        bool called = CalledNativeMethods().Contains(name);
        if (unbound) Check(!called, name + " is called by the Mus classes and also listed as deliberately unbound");
        else Check(called, name + " (" + r.Line + ") is called by the Mus classes or listed in NativeMethods.DeliberatelyUnbound with a reason");
        if (!Check((m.Attributes & MethodAttributes.PinvokeImpl) != 0, name + " is a [DllImport]")) return;
        var import = (DllImportAttribute)m.GetCustomAttributes(typeof(DllImportAttribute), false).FirstOrDefault();
        if (Check(import != null, name + " has its DllImportAttribute"))
        {
            Eq(import.Value, NativeMethods.Library, name + ": library");
            Eq(import.CallingConvention, CallingConvention.Cdecl, name + ": calling convention");
            Eq(import.EntryPoint ?? name, name, name + ": entry point");
        }
        Check(MatchesC(m.ReturnType, ret, true), name + ": returns " + m.ReturnType + ", which does not map to C " + ret);
        ParameterInfo[] ps = m.GetParameters();
        if (!Eq(ps.Length, parameters.Length, name + ": parameter count")) return;
        for (int i = 0; i < ps.Length; ++i)
            Eq(ps[i].Name, names[i], name + ": the name of parameter " + i);
        for (int i = 0; i < ps.Length; ++i)
            Check(MatchesC(ps[i].ParameterType, parameters[i], false),
                  name + ": parameter " + i + " (" + ps[i].Name + ") is " + ps[i].ParameterType +
                  ", which does not map to C " + parameters[i]);
        try
        {
            Marshal.Prelink(m); // the loaded libmus exports it
        }
        catch (Exception e)
        {
            Check(false, name + " does not resolve in the loaded library: " + e.GetType().Name + " " + e.Message);
        }
    }

    private static HashSet<string> calledNativeMethods;

    /// <summary>
    /// The [DllImport]s of NativeMethods that some method of Mus.dll calls: the targets of the
    /// call instructions in the IL of every other type's methods and constructors (lambdas
    /// included: they compile to methods of the same or a nested type).
    /// </summary>
    internal static HashSet<string> CalledNativeMethods()
    {
        if (calledNativeMethods != null) return calledNativeMethods;
        var called = new HashSet<string>();
        const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance |
                                 BindingFlags.Static | BindingFlags.DeclaredOnly;
        foreach (Type t in typeof(NativeMethods).Assembly.GetTypes())
        {
            if (t == typeof(NativeMethods)) continue;
            var methods = new List<MethodBase>(t.GetMethods(all));
            methods.AddRange(t.GetConstructors(all));
            foreach (MethodBase m in methods)
            {
                MethodBody body = m.GetMethodBody();
                if (body == null) continue;
                byte[] il = body.GetILAsByteArray();
                for (int i = 0; i + 4 < il.Length; ++i)
                {
                    if (il[i] != 0x28) continue; // call (a P/Invoke is static: never callvirt)
                    int token = BitConverter.ToInt32(il, i + 1);
                    if ((token >> 24) != 0x06) continue; // a MethodDef of this assembly
                    MethodBase target;
                    try
                    {
                        target = t.Module.ResolveMethod(token);
                    }
                    catch (ArgumentException)
                    {
                        continue; // bytes of another instruction's operand
                    }
                    if (target.DeclaringType == typeof(NativeMethods) && (target.Attributes & MethodAttributes.PinvokeImpl) != 0)
                        called.Add(target.Name);
                }
            }
        }
        calledNativeMethods = called;
        return called;
    }

    private static bool MatchesC(Type csharp, string cType, bool isReturn)
    {
        return CSharpTypes(cType, isReturn).Contains(csharp);
    }

    /// <summary>sizeof(T) as the runtime lays T out (the IL sizeof instruction).</summary>
    private static int ManagedSizeOf(Type t)
    {
        var method = new DynamicMethod("SizeOf_" + t.Name, typeof(int), Type.EmptyTypes, typeof(BindingTests).Module);
        ILGenerator il = method.GetILGenerator();
        il.Emit(OpCodes.Sizeof, t);
        il.Emit(OpCodes.Ret);
        return (int)method.Invoke(null, null);
    }

    /// <summary>The C alignment of a sequential struct: its largest primitive's.</summary>
    private static int AlignOf(Type t)
    {
        if (t.IsPrimitive || t.IsPointer || t == typeof(UIntPtr) || t == typeof(IntPtr)) return Marshal.SizeOf(t);
        int align = 1;
        foreach (FieldInfo f in t.GetFields(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance))
        {
            var fixedBuffer = (FixedBufferAttribute)f.GetCustomAttributes(typeof(FixedBufferAttribute), false).FirstOrDefault();
            align = Math.Max(align, AlignOf(fixedBuffer != null ? fixedBuffer.ElementType : f.FieldType));
        }
        return align;
    }

    /// <summary>Bytes a field takes: a fixed buffer's elements, or its type's size.</summary>
    private static int FieldSize(FieldInfo f)
    {
        var fixedBuffer = (FixedBufferAttribute)f.GetCustomAttributes(typeof(FixedBufferAttribute), false).FirstOrDefault();
        if (fixedBuffer != null) return fixedBuffer.Length * Marshal.SizeOf(fixedBuffer.ElementType);
        return Marshal.SizeOf(f.FieldType);
    }

    /// <summary>The mapping itself: what each C type may be in C#, and what it may not.</summary>
    private static void TypeMappingTests()
    {
        Check(MatchesC(typeof(int), "int32_t", false), "int32_t is int");
        Check(!MatchesC(typeof(uint), "int32_t", false), "int32_t is not uint");
        Check(MatchesC(typeof(ulong), "uint64_t", false), "uint64_t is ulong");
        Check(!MatchesC(typeof(long), "uint64_t", false), "uint64_t is not long");
        Check(MatchesC(typeof(UIntPtr), "size_t", true), "size_t is UIntPtr");
        Check(!MatchesC(typeof(uint), "size_t", false), "size_t is not uint");
        Check(MatchesC(typeof(string), "const char*", false), "a const char* parameter may be a string");
        Check(!MatchesC(typeof(string), "const char*", true), "a const char* return is not a string (it would be freed)");
        Check(MatchesC(typeof(IntPtr), "const char*", true), "a const char* return is an IntPtr");
        Check(!MatchesC(typeof(string), "char*", false), "a char* buffer is not a string");
        Check(MatchesC(typeof(byte*), "char*", false), "a char* buffer is a byte*");
        Check(MatchesC(typeof(mus_state*), "const mus_state*", false), "const mus_state* is mus_state*");
        Check(MatchesC(typeof(mus_state).MakeByRefType(), "mus_state*", false), "mus_state* may be ref mus_state");
        Check(MatchesC(typeof(byte[]), "const uint8_t*", false), "const uint8_t* may be byte[]");
        Check(!MatchesC(typeof(mus_action*), "const mus_state*", false), "mus_action* is not mus_state*");
        Check(!MatchesC(typeof(int*), "uint64_t*", false), "int* is not uint64_t*");
        Check(MatchesC(typeof(float*), "float*", false), "float* is float*");
        Check(CSharpTypes("mus_unknown*", false).Count == 0, "an unknown struct maps to nothing");
        // The call finder sees the Mus classes' calls: State.Apply calls mus_apply, and
        // NativeMethods' own declarations are not calls.
        Check(CalledNativeMethods().Contains("mus_apply"), "the Mus classes call mus_apply");
        Check(!CalledNativeMethods().Contains("DeliberatelyUnbound"), "only [DllImport]s are counted");
    }
}
