using System;
using System.Text;
using Mus.Native;

namespace Mus
{
    /// <summary>
    /// Calls the C API's text writers (mus_*_format): each takes a buffer, its capacity and a
    /// length out, and says MUS_E_BUFFER_TOO_SMALL with the length needed when the buffer is
    /// short. One place turns that protocol into a string.
    /// </summary>
    internal static class NativeText
    {
        /// <summary>A mus_*_format call with everything but the buffer bound.</summary>
        internal unsafe delegate int Writer(byte* buf, UIntPtr cap, UIntPtr* len_out);

        /// <summary>
        /// The text a writer produces, tried first with room for capacity characters; throws
        /// MusException (with detail) for any status but MUS_OK.
        /// </summary>
        internal static unsafe string Write(Writer writer, int capacity, string detail)
        {
            int cap = capacity + 1;
            for (int attempt = 0; attempt < 2; ++attempt)
            {
                var buf = new byte[cap];
                UIntPtr len;
                int status;
                fixed (byte* p = buf)
                    status = writer(p, (UIntPtr)buf.Length, &len);
                int n = (int)len.ToUInt64();
                if (status == NativeMethods.MUS_E_BUFFER_TOO_SMALL && n + 1 > cap)
                {
                    cap = n + 1;
                    continue;
                }
                MusException.Check(status, detail);
                return Encoding.ASCII.GetString(buf, 0, n);
            }
            throw new MusException(MusStatus.Internal, detail + ": the text grew between two calls");
        }

        /// <summary>
        /// The detail of a parse error: the input and, when the C API gives one, the byte
        /// position of the error (error_pos_out).
        /// </summary>
        internal static string ParseDetail(string what, string text, int errorPos)
        {
            string detail = what + " \"" + text + "\"";
            return errorPos >= 0 ? detail + " at position " + errorPos : detail;
        }
    }
}
