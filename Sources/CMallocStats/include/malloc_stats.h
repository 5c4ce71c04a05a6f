#ifndef CHECKOUT_MALLOC_STATS_H
#define CHECKOUT_MALLOC_STATS_H
#include <stddef.h>

/// Bytes the allocator has handed out and not had back (glibc's mallinfo2
/// uordblks); 0 where the allocator does not say. For checkout-bench's memory figures.
size_t checkout_heap_bytes_in_use(void);

#endif
