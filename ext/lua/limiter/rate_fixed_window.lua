--redislock:rate_fixed_window
--
-- RedisRateLimiter's decision for tokens of L by a fixed window, in one script: consume,
-- peek, or reserve a place in the order of arrival for a waiter, or, once its
-- place has come, check that the state still counts it and peek (the modes and
-- the answer: decision() in common/rate.lua; -1 first when the place is lost).
-- Nothing is written when not allowed, nor by a peek or a check; a consume that
-- is allowed is TIME, GET and SET. Each policy has its script, with the
-- arguments it reads, so that a decision defines only its policy's helpers.
--
-- @key   key       string                     L, the limiter's key (prefix + name)
-- @arg   head      text                       the state's head: "<policy>:<limit>:<interval>:<burst>:" (policy 'f'), interval in µs, burst the token bucket's size (the limit for the windows)
-- @arg   limit     integer                    tokens per interval
-- @arg   interval  integer                    the interval (µs)
-- @arg   tokens    integer                    how many tokens
-- @arg   mode      text, trailing             left out: consume; 'p' peek; 'r<µs>' reserve a place that comes within µs; 'k<mark>:<birth>' check that the place of that mark in the state of that birth is still counted, and peek

local t1 = redis.call('time')
local now = tonumber(t1[1]) * 1000000 + tonumber(t1[2])
local v = redis.call('get', key)
-- The common case first, before the helpers of common/rate.lua are defined (each
-- a closure made per call): a consume, admitted or refused, with nobody holding
-- a place ahead, in a state this release wrote ("f:...:<start>:<hits>:0:<birth>",
-- the birth as common/rate.lua writes it: 14 digits past 10^13) or none. What it
-- writes and returns is what fixed_window() would; any other case goes on to it.
if not mode then
  local lim, iv, n = tonumber(limit), tonumber(interval), tonumber(tokens)
  local sa, hits, birth
  if v then
    sa, hits, birth = string.match(v, '^f:%d+:%d+:%d+:(%d+):(%d+):0:([1-9]%d%d%d%d%d%d%d%d%d%d%d%d%d)$')
    if birth == '10000000000000' then sa = nil end
  end
  if not v or (sa and now >= tonumber(sa) + iv) then
    -- None, or its window has ended: a window opens now, born now.
    if n <= lim then
      redis.call('set', key, head .. string.format('%d', now) .. ':' .. n .. ':0:' .. string.format('%d', 10000000000000 + math.fmod(now, 90000000000000)),
        'px', math.floor(iv / 1000) + 1)
      return {1, lim - n, 0, iv, 0, 0, 0}
    end
  elseif sa then
    -- The window goes on: admitted, or refused until it ends (nothing written).
    local used, left = tonumber(hits), tonumber(sa) + iv - now
    if used + n > lim then return {0, math.max(lim - used, 0), left, left, 0, 0, 0} end
    redis.call('set', key, head .. sa .. ':' .. (used + n) .. ':0:' .. birth, 'px', math.floor(left / 1000) + 1)
    return {1, lim - used - n, 0, left, 0, 0, 0}
  end
end
--#include "common/rate.lua"
local m, arg, arg2 = mode_of(mode)
if not m then return redis.error_reply('ERR rate_fixed_window: bad mode') end
return decision(v, head, tonumber(interval), m, arg, arg2, function(p, st, how, at)
  return fixed_window(key, head, p, st, tonumber(limit), tonumber(interval), tonumber(tokens), how, at)
end)
