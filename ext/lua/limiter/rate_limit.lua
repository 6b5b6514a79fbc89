--redislock:rate_limit
--
-- RedisRateLimiter's decision for tokens of L, in one script: consume, peek, or
-- reserve a place in the order of arrival for a waiter, or, once its place has
-- come, check that the state still counts it and peek. Returns [allowed (1/0;
-- -1: the place is lost), tokens remaining, µs until the tokens would be allowed
-- (0 when allowed), µs until the limiter is back to its full capacity, µs the
-- caller waits for its place (reserve; 0 otherwise), the place's mark (reserve:
-- its TAT rounded up to the µs, or its window's start; 0 otherwise), the birth
-- of the state the place is counted in (reserve; 0 otherwise)]. Nothing is written when not allowed,
-- nor by a peek or a check; a consume that is allowed is TIME, GET and SET.
--
-- @key   key       string                     L, the limiter's key (prefix + name)
-- @arg   head      text                       the state's head: "<policy>:<limit>:<interval>:<burst>:", policy 't' token bucket, 'f' fixed window, 's' sliding window, 'Q' stepped bucket, interval in µs, burst the token bucket's size (the limit for the windows)
-- @arg   limit     integer                    tokens per interval
-- @arg   interval  integer                    the interval (µs)
-- @arg   tokens    integer                    how many tokens
-- @arg   burst     integer                    the token bucket's size (the limit for the windows)
-- @arg   emission  integer                    the token bucket's time per token (interval / limit, rounded up to the ps): its whole µs
-- @arg   emission_ps integer                  and its ps past them (0 to 999999)
-- @arg   mode      text, trailing             left out: consume; 'p' peek; 'r<µs>' reserve a place that comes within µs; 'k<mark>:<birth>' check that the place of that mark in the state of that birth is still counted, and peek

--#include "common/rate.lua"
local m, arg, arg2 = 'c', 0, 0
if mode then
  local a, b, c = string.match(mode, '^(%a)(%d*):?(%d*)$')
  if not a then return redis.error_reply('ERR rate_limit: bad mode') end
  m, arg, arg2 = a, tonumber(b) or 0, tonumber(c) or 0
end
return rate(key, redis.call('get', key), head, tonumber(limit), tonumber(interval), tonumber(tokens), tonumber(burst),
  tonumber(emission), tonumber(emission_ps), m, arg, arg2)
