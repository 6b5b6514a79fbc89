-- The permits held, counted without reading the holders (S, hint, now and ms
-- set). Beside S, in its slot, B (redislock_sibling_key(S, ':units')) holds for
-- each acquisition one marker
-- and one member per set bit of its permits, "<region>|<id>", scored region *
-- REGION + the acquisition's deadline (ms): region 0 the markers, region k + 1
-- bit k. The live members of region k + 1, times 2^k, summed over the regions
-- (at most 31: a limit is below 2^30) are the permits held, each a ZCOUNT. S
-- stays what it was (one member "<permits>:<id>" per acquisition), so the
-- previous release, which knows S alone, still counts every holder. An
-- acquisition in S without its marker (written by that release, or promised to
-- one of its waiters) makes the live counts of S and of the markers differ: S is
-- then read member by member, as that release does, until those end.
local REGION = 4398046511104
local SWEEP = 200
local function units_key(K, hint)
  local tag = hint or ''
  if tag == '' then
    local open = string.find(K, '{', 1, true)
    if not open and not string.find(K, '}', 1, true) then return '{' .. K .. '}:units' end
    local close = string.find(K, '}', open + 1, true)
    tag = string.sub(K, open + 1, close - 1)
  end
  return '{' .. tag .. '}:units:' .. K
end
local B = units_key(S, hint)
-- The members of B for an acquisition of p permits by waiter id, with their regions.
local function units_of(p, id)
  local out, k = {{0, '0|' .. id}}, 1
  p = tonumber(p) or 0
  while p > 0 do
    if p % 2 == 1 then out[#out + 1] = {k, k .. '|' .. id} end
    p = math.floor(p / 2)
    k = k + 1
  end
  return out
end
-- Records (or with xx, only moves) the acquisition's deadline d in B.
local function units_set(p, id, d, xx)
  for _, u in ipairs(units_of(p, id)) do
    if xx then
      redis.call('zadd', B, 'xx', ms(u[1] * REGION + d), u[2])
    else
      redis.call('zadd', B, ms(u[1] * REGION + d), u[2])
    end
  end
end
local function units_del(p, id)
  local m = {}
  for _, u in ipairs(units_of(p, id)) do m[#m + 1] = u[2] end
  redis.call('zrem', B, unpack(m))
end
-- The permits an acquisition of id holds in B (0: none recorded).
local function units_permits(id)
  local m = {}
  for k = 1, 31 do m[k] = k .. '|' .. id end
  local s = redis.call('zmscore', B, unpack(m))
  local p, w = 0, 1
  for k = 1, 31 do
    if s[k] then p = p + w end
    w = w * 2
  end
  return p
end
local function live_in(lo) return redis.call('zcount', B, '(' .. ms(lo + now), '(' .. ms(lo + REGION)) end
-- The permits held now by the acquisitions that have not lapsed.
local function held()
  local n = redis.call('zcount', S, '(' .. ms(now), '+inf')
  if n == 0 then return 0 end
  local u = 0
  if n == live_in(0) then
    local top = redis.call('zrange', B, -1, -1, 'withscores')
    local w = 1
    for r = 1, math.floor(tonumber(top[2]) / REGION) do
      u = u + w * live_in(r * REGION)
      w = w * 2
    end
    return u
  end
  for _, m in ipairs(redis.call('zrangebyscore', S, '(' .. ms(now), '+inf')) do
    u = u + (tonumber(string.match(m, '^%d+')) or 0)
  end
  return u
end
-- Drops lapsed acquisitions from S and B, SWEEP at most per key and region: the
-- rest go on later calls, and held() never counts them meanwhile.
local function sweep()
  local c = redis.call('zcount', S, '-inf', ms(now))
  if c > 0 then redis.call('zremrangebyrank', S, 0, math.min(c, SWEEP) - 1) end
  local top = redis.call('zrange', B, -1, -1, 'withscores')
  if #top == 0 then return end
  for r = 0, math.floor(tonumber(top[2]) / REGION) do
    c = redis.call('zcount', B, ms(r * REGION), ms(r * REGION + now))
    if c > 0 then
      local first = redis.call('zcount', B, '-inf', '(' .. ms(r * REGION))
      redis.call('zremrangebyrank', B, first, first + math.min(c, SWEEP) - 1)
    end
  end
end
