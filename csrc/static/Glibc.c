/*===- Glibc.c - newer glibc's functions for a manylinux_2_28 library -----===
 *
 * The self-contained library links against an older glibc (2.31, see
 * MLIR_CYTHON_SYSROOT in CMakeLists.txt) so that it runs on glibc 2.28.
 * What the archives of a newer build (Debian 12's: glibc 2.36 headers)
 * call that 2.28 lacks is defined here, in terms of what it has.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/random.h>

#define HIDDEN __attribute__((visibility("hidden")))

/* glibc 2.32's flag telling libstdc++'s inline code that the process has
   one thread, so that reference counts need no atomic instructions. Here
   always 0 (not known to be single-threaded): the atomic path, correct in
   every process. Exported: MLIR's async runtime library, shipped beside
   this one, reads it too (tools/wheel.py). */
char __libc_single_threaded = 0;

/* glibc 2.33's mallinfo2 (LLVM's Process::GetMallocUsage), from the
   mallinfo every glibc has (int fields: exact below 2 GiB). */
struct mallinfo2 {
  size_t arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks,
      fordblks, keepcost;
};
HIDDEN struct mallinfo2 mallinfo2(void) {
  struct mallinfo m = mallinfo();
  struct mallinfo2 r = {
      (size_t)(unsigned)m.arena,    (size_t)(unsigned)m.ordblks,
      (size_t)(unsigned)m.smblks,   (size_t)(unsigned)m.hblks,
      (size_t)(unsigned)m.hblkhd,   (size_t)(unsigned)m.usmblks,
      (size_t)(unsigned)m.fsmblks,  (size_t)(unsigned)m.uordblks,
      (size_t)(unsigned)m.fordblks, (size_t)(unsigned)m.keepcost};
  return r;
}

/* glibc 2.36's arc4random (std::random_device), from getrandom (2.25). */
HIDDEN uint32_t arc4random(void) {
  uint32_t v = 0;
  size_t got = 0;
  while (got < sizeof v) {
    ssize_t n = getrandom((char *)&v + got, sizeof v - got, 0);
    if (n > 0)
      got += (size_t)n;
    else if (n < 0 && errno != EINTR)
      break; /* no entropy source at all: what was read */
  }
  return v;
}

/* glibc 2.29 gave exp, exp2, log, log2 and pow new symbol versions (the
   same functions, faster); linked against a newer libm a library asks for
   GLIBC_2.29. These local definitions call the first versions, which
   every glibc has. */
#define MLIRCY_LIBM_1(f)                                                       \
  double mlircy_##f##_2_2_5(double);                                           \
  __asm__(".symver mlircy_" #f "_2_2_5, " #f "@GLIBC_2.2.5");                  \
  HIDDEN double f(double x) { return mlircy_##f##_2_2_5(x); }

MLIRCY_LIBM_1(exp)
MLIRCY_LIBM_1(exp2)
MLIRCY_LIBM_1(log)
MLIRCY_LIBM_1(log2)

double mlircy_pow_2_2_5(double, double);
__asm__(".symver mlircy_pow_2_2_5, pow@GLIBC_2.2.5");
HIDDEN double pow(double x, double y) { return mlircy_pow_2_2_5(x, y); }
