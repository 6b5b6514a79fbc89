/* The RedisRateLimiter class. */
#ifndef REDISLOCK_LIMITER_H
#define REDISLOCK_LIMITER_H

#include "php.h"

/* The largest limit, burst or token count. */
#define REDISLOCK_LIMITER_MAX_COUNT 1000000000
/* The largest limit of a fixed window (a window's hits, as Laravel counts a
 * decay's attempts): below 10^14, where a Lua number still prints whole. */
#define REDISLOCK_LIMITER_MAX_WINDOW_LIMIT 10000000000000LL
/* The interval's bounds, seconds: up to 100 years of 365 days. A Unix time in µs
 * (1.8e15 today) plus two intervals and a wait of up to 1e9 s stays below 2^53,
 * where Lua's numbers are exact. */
#define REDISLOCK_LIMITER_MIN_INTERVAL 0.001
#define REDISLOCK_LIMITER_MAX_INTERVAL 3153600000.0
/* The longest a full token bucket takes to refill ($burst * $interval / $limit),
 * µs: ten years. With a TAT (a Unix time in µs, 1.8e15 today) and a wait of up to
 * 1e9 s added, every sum stays below 2^53, where Lua's numbers are exact. */
#define REDISLOCK_LIMITER_MAX_REFILL_US 315360000000000LL
/* The same in seconds, for the class constant RedisRateLimiter::MAX_REFILL. */
#define REDISLOCK_LIMITER_MAX_REFILL (REDISLOCK_LIMITER_MAX_REFILL_US / 1000000.0)

void redislock_limiter_startup(zend_class_entry *ce);

#endif
