--redislock:rate_token_bucket
--
-- RedisRateLimiter's decision for tokens of L by the token bucket (GCRA), in one script: consume,
-- peek, or reserve a place in the order of arrival for a waiter, or, once its
-- place has come, check that the state still counts it and peek (the modes and
-- the answer: decision() in common/rate.lua; -1 first when the place is lost).
-- Nothing is written when not allowed, nor by a peek or a check; a consume that
-- is allowed is TIME, GET and SET. Each policy has its script, with the
-- arguments it reads, so that a decision defines only its policy's helpers.
--
-- @key   key       string                     L, the limiter's key (prefix + name)
-- @arg   head      text                       the state's head: "<policy>:<limit>:<interval>:<burst>:" (policy 't'), interval in µs, burst the token bucket's size (the limit for the windows)
-- @arg   tokens    integer                    how many tokens
-- @arg   burst     integer                    the bucket's size
-- @arg   emission  integer                    the time per token (interval / limit, rounded up to the ps): its whole µs
-- @arg   emission_ps integer                  and its ps past them (0 to 999999)
-- @arg   mode      text, trailing             left out: consume; 'p' peek; 'r<µs>' reserve a place that comes within µs; 'k<mark>:<birth>' check that the place of that mark in the state of that birth is still counted, and peek

local t1 = redis.call('time')
local now = tonumber(t1[1]) * 1000000 + tonumber(t1[2])
--#include "common/rate.lua"
local m, arg, arg2 = mode_of(mode)
if not m then return redis.error_reply('ERR rate_token_bucket: bad mode') end
return decision(redis.call('get', key), head, 0, m, arg, arg2, function(p, st, how, at)
  return token_bucket(key, head, p, st, tonumber(tokens), tonumber(burst), tonumber(emission), tonumber(emission_ps), how, at)
end)
