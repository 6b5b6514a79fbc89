--redislock:rate_limit
--
-- RedisRateLimiter's decision for tokens of L, in one script: consume, peek, or
-- reserve a place in the order of arrival for a waiter, or, once its place has
-- come, check that the state still holds it and peek. Returns [allowed (1/0; -1:
-- the place is lost), tokens remaining, µs until the tokens would be allowed (0
-- when allowed), µs until the limiter is back to its full capacity, µs the caller
-- waits for its place (reserve; 0 otherwise), the place's mark (reserve: its TAT,
-- or its window's start; 0 otherwise)]. Nothing is written when not allowed, nor
-- by a peek or a check; a consume that is allowed is TIME, GET and SET.
--
-- @key   key       string                     L, the limiter's key (prefix + name)
-- @arg   head      text                       the state's head: "<policy>:<limit>:<interval>:<burst>:", policy 't' token bucket, 'f' fixed window, 's' sliding window, interval in µs, burst the token bucket's size (the limit for the windows)
-- @arg   limit     integer                    tokens per interval
-- @arg   interval  integer                    the interval (µs)
-- @arg   tokens    integer                    how many tokens
-- @arg   burst     integer                    the token bucket's size (the limit for the windows)
-- @arg   emission  integer                    the token bucket's µs per token: interval / limit rounded up
-- @arg   mode      text, trailing             left out: consume; 'p' peek; 'r<µs>' reserve a place that comes within µs; 'k<mark>' check that the place of that mark is kept, and peek

--#include "common/rate.lua"
local m, arg = 'c', 0
if mode then m, arg = string.sub(mode, 1, 1), tonumber(string.sub(mode, 2)) or 0 end
return rate(key, redis.call('get', key), head, tonumber(limit), tonumber(interval), tonumber(tokens), tonumber(burst),
  tonumber(emission), m, arg)
