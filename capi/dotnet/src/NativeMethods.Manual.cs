// The hand-written part of Mus.Native.NativeMethods. The rest of it (every struct, constant and
// [DllImport] of mus.h) is NativeMethods.cs, generated from the manifest by capi/abi/generate.py.
// Here is only what the manifest does not carry: the functions the Mus classes deliberately
// leave unwrapped.
using System.Collections.Generic;
using System.Collections.ObjectModel;

namespace Mus.Native
{
    public static partial class NativeMethods
    {
        /// <summary>
        /// The functions of mus.h that the Mus classes leave out on purpose, each with the reason.
        /// The tests check that every function of the manifest (capi/abi/layout.txt) is called by
        /// the Mus classes or listed in this table.
        /// </summary>
        public static readonly IReadOnlyDictionary<string, string> DeliberatelyUnbound =
            new ReadOnlyDictionary<string, string>(new Dictionary<string, string>
            {
                // Empty: the Mus classes call every function of mus.h.
            });
    }
}
