#!/usr/bin/env bash
# Reports whether the PostgreSQL used by the repository and API tests answers. The tests
# themselves skip when it does not, except under CI=true, where they fail.
set -uo pipefail
url="${TEST_POSTGRES_URL:-postgres://root@127.0.0.1:5432/test}"
hostport="${url#*@}"; hostport="${hostport%%/*}"
host="${hostport%%:*}"; port="${hostport##*:}"; [ "$port" = "$host" ] && port=5432
if (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then
    echo "PostgreSQL answers at $host:$port: repository and API tests run on SQLite and PostgreSQL."
else
    echo "################################################################################"
    echo "# WARNING: PostgreSQL is unreachable at $host:$port ($url)."
    echo "# The PostgreSQL repository and API tests will be SKIPPED (set TEST_POSTGRES_URL)."
    if [ "${CI:-}" = "true" ]; then
        echo "# CI=true: failing, PostgreSQL is required in CI."
        echo "################################################################################"
        exit 1
    fi
    echo "################################################################################"
fi
