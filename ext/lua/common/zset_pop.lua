-- The fast path of pop() on the zset layout, for a queue of bare ids (take.lua
-- and pop.lua): the first count ids of Z popped, those not due yet put back.
-- Returns [1, id, score, false, ...], or the ms until a task may be due (-1:
-- none): the first one put back is the next one due.
local function pop_due(Z, W, count, woken, waiting)
  local t = redis.call('time')
  local now_us = tonumber(t[1]) * 1000000 + tonumber(t[2])
  local now_s = now_us / 1000000
  local popped, out, later = redis.call('zpopmin', Z, count), {1}, {}
  for i = 1, #popped, 2 do
    if tonumber(popped[i + 1]) <= now_s then
      out[#out + 1] = popped[i]; out[#out + 1] = popped[i + 1]; out[#out + 1] = false
    else
      later[#later + 1] = popped[i + 1]; later[#later + 1] = popped[i]
    end
  end
  for i = 1, #later, 1000 do redis.call('zadd', Z, unpack(later, i, math.min(i + 999, #later))) end
  if #out > 1 then
    -- Pass the turn on, as below, but only for a caller just woken. Blocked
    -- workers are woken in a chain: each token wakes one, which passes the turn
    -- on while tasks are left due (a token still in the list means nobody
    -- waits). A caller that was not woken took no token, so the chain stands as
    -- it was: every token it would find is still there for a blocked worker,
    -- and every woken worker still passes the turn on after its own take. Its
    -- call needs neither LLEN nor ZCOUNT.
    if woken and redis.call('llen', W) == 0 and redis.call('zcount', Z, '-inf', string.format('%.17g', now_s)) > 0 then
      redis.call('lpush', W, '1')
      redis.call('pexpire', W, 300000)
    end
    return out
  end
  -- Nothing due, and nothing in flight: the answer below, without its scans.
  -- The first task popped and put back is the next one due (none: -1), and old
  -- wake-up tokens are stale for a caller about to block.
  if waiting == '1' then redis.call('del', W) end
  if #later == 0 then return -1 end
  return math.max(0, math.ceil((math.floor(tonumber(later[1]) * 1000000) - now_us) / 1000))
end
