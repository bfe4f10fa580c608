/* serial.c: numbers that tell one record from every other (serial.h). */
#include "partyfood/serial.h"

#include <stdatomic.h>

uint64_t pf_serial_next(void)
{
    static atomic_uint_fast64_t last;
    return (uint64_t)atomic_fetch_add_explicit(&last, 1, memory_order_relaxed) + 1;
}
