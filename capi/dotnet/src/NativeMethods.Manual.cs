// The hand-written part of Mus.Native.NativeMethods. The rest of it (every struct, constant and
// [DllImport] of mus.h) is NativeMethods.cs, generated from the manifest by capi/abi/generate.py.
// Here is only what the manifest does not carry: the release version of the header these
// bindings go with, and the functions the Mus classes deliberately leave unwrapped.
using System.Collections.Generic;
using System.Collections.ObjectModel;

namespace Mus.Native
{
    public static partial class NativeMethods
    {
        /// <summary>Minor version of the header these bindings go with.</summary>
        public const int MUS_VERSION_MINOR = 3;

        /// <summary>Patch version of the header these bindings go with.</summary>
        public const int MUS_VERSION_PATCH = 0;

        /// <summary>The version as text.</summary>
        public const string MUS_VERSION_STRING = "0.3.0";

        /// <summary>The version as one number, as mus_version() returns it.</summary>
        public const int MUS_VERSION = MUS_VERSION_MAJOR * 10000 + MUS_VERSION_MINOR * 100 + MUS_VERSION_PATCH;

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
