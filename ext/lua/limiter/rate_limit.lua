--redislock:rate_limit
--
-- RedisRateLimiter's decision for tokens of L, in one script: consume, peek, or
-- reserve a place in the order of arrival for a waiter. Returns [allowed (1/0),
-- tokens remaining, µs until the tokens would be allowed (0 when allowed), µs
-- until the limiter is back to its full capacity, µs the caller waits for its
-- place (reserve; 0 otherwise)]. Nothing is written when not allowed.
--
-- @key   key       string                     L, the limiter's hash (prefix + name)
-- @arg   policy    byte                       't' token bucket, 'f' fixed window, 's' sliding window
-- @arg   limit     integer                    tokens per interval
-- @arg   interval  integer                    the interval (µs)
-- @arg   tokens    integer                    how many tokens
-- @arg   burst     integer                    the token bucket's size (the limit for the windows)
-- @arg   emission  integer                    the token bucket's µs per token: interval / limit rounded up
-- @arg   mode      byte                       'c' consume, 'p' peek, 'r' reserve
-- @arg   max_wait  integer                    reserve: the longest wait for a place (µs)

--#include "common/rate.lua"
return rate(key, policy, tonumber(limit), tonumber(interval), tonumber(tokens), tonumber(burst), tonumber(emission), mode,
  tonumber(max_wait))
