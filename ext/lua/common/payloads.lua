-- The payloads of ids, in their order (false for an id without one), read a
-- thousand at a time; .any says whether the queue stores any payload at all.
-- With Q (the stream layout's second hash of payloads by reference), an id that
-- P lacks has its payload there when it has one.
local function payloads_of(P, ids, Q)
  local out = {any = false}
  if redis.call('exists', P) == 0 then
    for k = 1, #ids do out[k] = false end
  else
    out.any = true
    for i = 1, #ids, 1000 do
      local args = {'hmget', P}
      for j = i, math.min(i + 999, #ids) do args[#args + 1] = ids[j] end
      local got = redis.call(unpack(args))
      for j = 1, #got do out[#out + 1] = got[j] end
    end
  end
  if Q and redis.call('exists', Q) == 1 then
    out.any = true
    for k = 1, #ids do
      if not out[k] then out[k] = redis.call('hget', Q, ids[k]) end
    end
  end
  return out
end
