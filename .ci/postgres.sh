#!/usr/bin/env bash
# Start the machine's PostgreSQL cluster and make sure the test role and database exist.
# Prints one line on stdout, the URL for WIZARENA_TEST_PG; everything else goes to stderr.
# Run as root (it uses pg_ctlcluster and runs psql as the postgres user). Idempotent:
# a running cluster is left running, an existing role gets its password reset, an
# existing database is kept (with --reset it is dropped and made anew).
#
#   WIZARENA_TEST_PG="$(bash .ci/postgres.sh [--reset])"
#
# Names can be changed with PG_TEST_USER, PG_TEST_PASSWORD, PG_TEST_DB; PG_CLUSTER=VERSION/NAME
# picks a cluster (default: the newest version's 'main').
set -euo pipefail

user="${PG_TEST_USER:-wizarena}"
password="${PG_TEST_PASSWORD:-wizarena}"
db="${PG_TEST_DB:-wizarena_test}"
reset=0
[ "${1:-}" = "--reset" ] && reset=1

die() { echo "postgres.sh: $*" >&2; exit 1; }

command -v pg_lsclusters >/dev/null || die "pg_lsclusters not found: is the postgresql package installed?"

# Newest installed major version; its 'main' cluster if there is one, else its first.
pick_cluster() {
    pg_lsclusters --no-header 2>/dev/null | sort -k1,1 -V -r |
        awk 'NR==1 {v=$1} $1==v && ($2=="main" || c=="") {c=$2; p=$3} END {if (v!="") print v, c, p}'
}

if [ -n "${PG_CLUSTER:-}" ]; then   # e.g. PG_CLUSTER=15/main picks that cluster
    version="${PG_CLUSTER%%/*}"; cluster="${PG_CLUSTER#*/}"
    port="$(pg_lsclusters --no-header "$version" "$cluster" 2>/dev/null | awk '{print $3}' || true)"
    [ -n "$port" ] || die "no cluster $PG_CLUSTER (see pg_lsclusters)"
else
    read -r version cluster port <<<"$(pick_cluster)" || true
fi
if [ -z "${version:-}" ]; then
    # The package is installed but no cluster was made (create_main_cluster = false).
    version="$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' 2>/dev/null | sort -V | tail -n1)"
    [ -n "$version" ] || die "no PostgreSQL server binaries under /usr/lib/postgresql"
    echo "postgres.sh: creating cluster $version/main" >&2
    pg_createcluster "$version" main >/dev/null
    read -r version cluster port <<<"$(pick_cluster)"
fi
[ -n "${port:-}" ] || die "could not read the cluster's port from pg_lsclusters"

status="$(pg_lsclusters --no-header "$version" "$cluster" | awk '{print $4}')"
if [[ "$status" != online* ]]; then
    echo "postgres.sh: starting cluster $version/$cluster on port $port" >&2
    if ! pg_ctlcluster "$version" "$cluster" start >&2; then
        log="$(pg_lsclusters --no-header "$version" "$cluster" | awk '{print $NF}')"
        [ -f "$log" ] && tail -n 30 "$log" >&2
        die "pg_ctlcluster $version $cluster start failed"
    fi
fi

ready=0
for _ in $(seq 1 60); do
    if pg_isready -q -h 127.0.0.1 -p "$port"; then ready=1; break; fi
    sleep 0.5
done
[ "$ready" = 1 ] || die "cluster $version/$cluster did not accept connections on 127.0.0.1:$port within 30 s"

# psql as the postgres superuser over the local socket (peer authentication).
as_postgres() {
    (cd / && PGOPTIONS='-c client_min_messages=warning' runuser -u postgres -- \
        psql -p "$port" -X -q -v ON_ERROR_STOP=1 -At "$@")
}

# Identifiers and the password are interpolated by psql (:"user", :'password'), never by the shell.
as_postgres -v user="$user" -v password="$password" <<'SQL' >&2
SELECT format('CREATE ROLE %I LOGIN CREATEDB', :'user')
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'user') \gexec
ALTER ROLE :"user" WITH LOGIN CREATEDB PASSWORD :'password';
SQL

if [ "$reset" = 1 ]; then
    as_postgres -v db="$db" <<'SQL' >&2
DROP DATABASE IF EXISTS :"db" WITH (FORCE);
SQL
fi
as_postgres -v user="$user" -v db="$db" <<'SQL' >&2
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'user')
WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SQL

echo "postgresql://${user}:${password}@127.0.0.1:${port}/${db}"
