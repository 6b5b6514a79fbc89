-- now: the server's clock in ms. owner(v): a lock value's token and, when waiters
-- are queued, its holder's deadline.
local t0 = redis.call('time')
local now = tonumber(t0[1]) * 1000 + math.floor(tonumber(t0[2]) / 1000)
local now_us = t0[1] .. string.format('%06d', tonumber(t0[2]))
local function owner(v)
  local bar = string.find(v, '|', 1, true)
  if bar then
    local d = tonumber(string.sub(v, bar + 1))
    if d then return string.sub(v, 1, bar - 1), d end
  end
  return v, nil
end
-- A token's random part: without the fencing number in front, if it has one.
-- The random part alone names a hold, so a token still names its hold once
-- fenceLock() has put a number in front of it (the caller may never have learnt
-- the new token: a lost reply, a copy handed on before), and the other way
-- round (a failover that lost the rewrite).
local function bare(x)
  local r = string.match(x, '^%d+:(.*)$')
  return r or x
end
local function named(h, t) return h == t or bare(h) == bare(t) end
local function ms(n) return string.format('%d', n) end
-- GET, with a key of another type (not ours to judge) as foreign.
local function value(key)
  local v = redis.pcall('get', key)
  if type(v) == 'table' and v.err then return false, true end
  return v, false
end
