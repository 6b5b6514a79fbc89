--redislock:rate_sliding_window
--
-- RedisRateLimiter's decision for tokens of L by a sliding window, in one script: consume,
-- peek, or reserve a place in the order of arrival for a waiter, or, once its
-- place has come, check that the state still counts it and peek (the modes and
-- the answer: decision() in common/rate.lua; -1 first when the place is lost).
-- Nothing is written when not allowed, nor by a peek or a check; a consume that
-- is allowed is TIME, GET and SET. Each policy has its script, with the
-- arguments it reads, so that a decision defines only its policy's helpers.
--
-- @key   key       string                     L, the limiter's key (prefix + name)
-- @arg   head      text                       the state's head: "<policy>:<limit>:<interval>:<burst>:" (policy 's'), interval in µs, burst the token bucket's size (the limit for the windows)
-- @arg   limit     integer                    tokens per interval
-- @arg   interval  integer                    the interval (µs)
-- @arg   tokens    integer                    how many tokens
-- @arg   mode      text, trailing             left out: consume; 'p' peek; 'r<µs>' reserve a place that comes within µs; 'k<mark>:<birth>' check that the place of that mark in the state of that birth is still counted, and peek

local t1 = redis.call('time')
local now = tonumber(t1[1]) * 1000000 + tonumber(t1[2])
--#include "common/rate.lua"
local m, arg, arg2 = mode_of(mode)
if not m then return redis.error_reply('ERR rate_sliding_window: bad mode') end
return decision(redis.call('get', key), head, tonumber(interval), m, arg, arg2, function(p, st, how, at)
  return sliding_window(key, head, p, st, tonumber(limit), tonumber(interval), tonumber(tokens), how)
end)
