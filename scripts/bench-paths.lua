-- wrk script: each request asks for the next path of a file, one path a line, in turn (the
-- headers given with -H are sent with each). Used by scripts/bench-search.sh:
--   wrk ... -s scripts/bench-paths.lua http://HOST:PORT -- PATHS_FILE
local paths = {}
local next_index = 0

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then
      paths[#paths + 1] = line
    end
  end
  if #paths == 0 then
    error("no paths in " .. tostring(args[1]))
  end
end

function request()
  next_index = next_index % #paths + 1
  return wrk.format(nil, paths[next_index])
end
