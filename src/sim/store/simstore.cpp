// SPDX-License-Identifier: Apache-2.0

#include "sim/store/simstore.h"

#include "common/constvalue.h"
#include "common/logging.h"
#include "sim/api/simhttp.h"

#include <QFileInfo>
#include <QScopeGuard>
#include <QSqlError>
#include <QUuid>
#include <QtLogging>

#include <cerrno>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::lcSim;

namespace {

// Each entry moves the schema from version N to N+1. Never edit a released entry; append.
const char* const migrations[] = {
    R"SQL(
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE accounts (
    id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, entity_type TEXT,
    balance_micros INTEGER NOT NULL DEFAULT 0);
CREATE TABLE users (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL REFERENCES accounts(id), email TEXT, first_name TEXT, last_name TEXT,
    created_at INTEGER NOT NULL);
CREATE TABLE workspaces (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL REFERENCES accounts(id), name TEXT NOT NULL,
    created_at INTEGER NOT NULL, deleted_at INTEGER);
CREATE UNIQUE INDEX workspaces_name ON workspaces(account_id, name) WHERE deleted_at IS NULL;
CREATE TABLE tokens (
    token TEXT PRIMARY KEY, label TEXT NOT NULL UNIQUE, account_id TEXT NOT NULL REFERENCES accounts(id),
    user_id TEXT REFERENCES users(id));
-- A grant without workspace is account-wide. level: 1 read, 2 write.
CREATE TABLE grants (
    token TEXT NOT NULL REFERENCES tokens(token), workspace_id TEXT REFERENCES workspaces(id),
    level INTEGER NOT NULL);
CREATE TABLE feature_flags (name TEXT PRIMARY KEY, description TEXT NOT NULL);
CREATE TABLE flag_enrollments (
    flag TEXT NOT NULL REFERENCES feature_flags(name), account_id TEXT NOT NULL REFERENCES accounts(id),
    user_enroll INTEGER NOT NULL, enrolled INTEGER NOT NULL, PRIMARY KEY (flag, account_id));
CREATE TABLE fabrics (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL UNIQUE,
    region TEXT NOT NULL, zone TEXT NOT NULL);
CREATE TABLE instance_skus (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, alias TEXT NOT NULL UNIQUE,
    region TEXT NOT NULL, zone TEXT NOT NULL, accelerator TEXT NOT NULL, accelerator_display TEXT NOT NULL,
    form_factor TEXT NOT NULL, rdma_type TEXT, num_accelerators INTEGER NOT NULL,
    num_vcpus INTEGER NOT NULL, memory INTEGER NOT NULL, local_storage INTEGER NOT NULL,
    supports_public_ipv4 INTEGER NOT NULL, fabric_id TEXT REFERENCES fabrics(id), audience_hint TEXT);
-- What synthetic sellers offer per SKU over time, independent of any pool.
CREATE TABLE sku_offers (
    instance_sku_id TEXT NOT NULL REFERENCES instance_skus(id), start_at INTEGER NOT NULL,
    end_at INTEGER NOT NULL, node_count INTEGER NOT NULL);
CREATE INDEX sku_offers_sku ON sku_offers(instance_sku_id, start_at);
CREATE TABLE images (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id), name TEXT NOT NULL, is_public INTEGER NOT NULL,
    upload_status TEXT NOT NULL, created_at INTEGER NOT NULL, provider TEXT, sha256 TEXT,
    infiniband_stack INTEGER NOT NULL DEFAULT 0);
CREATE TABLE pools (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id), name TEXT NOT NULL, kind TEXT NOT NULL,
    created_at INTEGER NOT NULL, tags TEXT, deleted_at INTEGER);
CREATE UNIQUE INDEX pools_name ON pools(workspace_id, name) WHERE deleted_at IS NULL;
-- A pool's allocation is a sum of rectangles: node_count nodes of one SKU over [start_at, end_at)
-- (end_at NULL is unbounded). Buy fills add positive rectangles, sell fills negative ones.
CREATE TABLE pool_allocations (
    id INTEGER PRIMARY KEY AUTOINCREMENT, pool_id TEXT NOT NULL REFERENCES pools(id) ON DELETE CASCADE,
    instance_sku_id TEXT NOT NULL REFERENCES instance_skus(id), start_at INTEGER NOT NULL,
    end_at INTEGER, node_count INTEGER NOT NULL, source TEXT NOT NULL, source_id TEXT);
CREATE INDEX pool_allocations_pool ON pool_allocations(pool_id, instance_sku_id);
CREATE TABLE infiniband_partitions (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id), name TEXT NOT NULL,
    fabric_id TEXT NOT NULL REFERENCES fabrics(id), created_at INTEGER NOT NULL, tags TEXT, deleted_at INTEGER);
CREATE UNIQUE INDEX partitions_name ON infiniband_partitions(workspace_id, name) WHERE deleted_at IS NULL;
CREATE TABLE instances (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id), pool_id TEXT NOT NULL REFERENCES pools(id),
    instance_sku_id TEXT NOT NULL REFERENCES instance_skus(id), image_id TEXT NOT NULL REFERENCES images(id),
    name TEXT NOT NULL, status TEXT NOT NULL, priority_level TEXT NOT NULL,
    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, running_at INTEGER, terminated_at INTEGER,
    cloud_init_user_data TEXT, enable_public_ipv4 INTEGER NOT NULL, public_ip TEXT, tags TEXT,
    partition_id TEXT REFERENCES infiniband_partitions(id), infiniband_released_at INTEGER,
    deleted_at INTEGER);
CREATE INDEX instances_status ON instances(status);
CREATE INDEX instances_workspace ON instances(workspace_id, seq);
CREATE INDEX instances_pool ON instances(pool_id, instance_sku_id, status);
CREATE INDEX instances_partition ON instances(partition_id, infiniband_released_at);
CREATE UNIQUE INDEX instances_name ON instances(workspace_id, name) WHERE deleted_at IS NULL;
CREATE INDEX instances_unreleased ON instances(terminated_at)
    WHERE partition_id IS NOT NULL AND infiniband_released_at IS NULL;
)SQL",
    // Idempotency-Key of POST /orders: per token, the first request's body and the order it placed.
    R"SQL(
CREATE TABLE idempotency_keys (
    token TEXT NOT NULL, route TEXT NOT NULL, key TEXT NOT NULL, body TEXT NOT NULL,
    resource_id TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (token, route, key));
)SQL",
    // Instance lists filtered by pool or partition walk these in seq order and stop at the page's
    // limit, instead of sorting every instance of the pool (or partition) for each page. The
    // partitions' instance counts read only the index that replaces instances_partition.
    R"SQL(
CREATE INDEX instances_pool_seq ON instances(pool_id, seq);
CREATE INDEX instances_partition_seq ON instances(partition_id, seq);
DROP INDEX instances_partition;
CREATE INDEX instances_partition_attached
    ON instances(partition_id, infiniband_released_at, deleted_at, workspace_id);
)SQL",
    // Tokens and idempotency keys are kept as SHA-256 digests (hex). Rows written before this
    // version hold the secrets themselves (hashed = 0) until SimApi::initialize hashes them.
    R"SQL(
ALTER TABLE tokens ADD COLUMN hashed INTEGER NOT NULL DEFAULT 0;
)SQL",
    // Procurements (a pool's SKU kept at a target node count by orders the simulator places) and
    // pool transfers (owned allocation moved from one pool to another). Prices are µ$ per
    // node-hour; buy_retry_at is when a procurement whose last buy took nothing buys again; a
    // transfer's schedule is its delta as the API's JSON schedule.
    R"SQL(
CREATE TABLE procurements (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id), pool_id TEXT NOT NULL REFERENCES pools(id),
    instance_sku_id TEXT NOT NULL REFERENCES instance_skus(id), name TEXT NOT NULL,
    target INTEGER NOT NULL, min_sell_rate INTEGER NOT NULL, max_buy_rate INTEGER NOT NULL,
    window_minutes INTEGER NOT NULL, enabled INTEGER NOT NULL, status_state TEXT NOT NULL,
    status_message TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
    deleted_at INTEGER, buy_retry_at INTEGER);
CREATE UNIQUE INDEX procurements_name ON procurements(workspace_id, name) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX procurements_pool_sku ON procurements(pool_id, instance_sku_id) WHERE deleted_at IS NULL;
CREATE INDEX procurements_enabled ON procurements(enabled, deleted_at);
CREATE TABLE pool_transfers (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
    from_pool_id TEXT NOT NULL REFERENCES pools(id), to_pool_id TEXT NOT NULL REFERENCES pools(id),
    instance_sku_id TEXT NOT NULL REFERENCES instance_skus(id), schedule TEXT NOT NULL,
    status TEXT NOT NULL, rejected_reason TEXT, created_at INTEGER NOT NULL, executed_at INTEGER);
CREATE INDEX pool_transfers_pending ON pool_transfers(status) WHERE status = 'pending';
CREATE INDEX pool_transfers_from ON pool_transfers(from_pool_id, seq);
CREATE INDEX pool_transfers_to ON pool_transfers(to_pool_id, seq);
-- The next change of any pool's allocation, asked at every step of the clock: a procurement adds a
-- rectangle an hour.
CREATE INDEX pool_allocations_start ON pool_allocations(start_at);
CREATE INDEX pool_allocations_end ON pool_allocations(end_at);
)SQL",
    // Uploaded images: their bytes are files (SimImageFiles); the store keeps the parts that
    // arrived, the image's size once complete, deletions (instances keep referring to a deleted
    // image) and the digests of the tokens of presigned transfer URLs (a download has no part).
    R"SQL(
ALTER TABLE images ADD COLUMN size INTEGER;
ALTER TABLE images ADD COLUMN deleted_at INTEGER;
CREATE UNIQUE INDEX images_name ON images(workspace_id, name) WHERE deleted_at IS NULL;
CREATE TABLE image_parts (
    image_id TEXT NOT NULL REFERENCES images(id), part_id INTEGER NOT NULL, size INTEGER NOT NULL,
    uploaded_at INTEGER NOT NULL, PRIMARY KEY (image_id, part_id));
CREATE TABLE image_transfers (
    token TEXT PRIMARY KEY, image_id TEXT NOT NULL REFERENCES images(id), part_id INTEGER,
    expires_at INTEGER NOT NULL);
CREATE INDEX image_transfers_expiry ON image_transfers(expires_at);
)SQL",
    // Instance templates, and deployments (kind generic or spot) that keep a target number of
    // instances of a template running in a pool; the instances they made name them (deployments
    // are never removed, only marked deleted), and the buy orders of spot deployments are theirs.
    R"SQL(
CREATE TABLE instance_templates (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id), name TEXT NOT NULL,
    image_id TEXT NOT NULL REFERENCES images(id), cloud_init_user_data TEXT, tags TEXT,
    created_at INTEGER NOT NULL, deleted_at INTEGER);
CREATE UNIQUE INDEX instance_templates_name ON instance_templates(workspace_id, name) WHERE deleted_at IS NULL;
CREATE TABLE deployments (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id), name TEXT NOT NULL,
    pool_id TEXT NOT NULL REFERENCES pools(id), instance_sku_id TEXT NOT NULL REFERENCES instance_skus(id),
    template_id TEXT NOT NULL REFERENCES instance_templates(id),
    partition_id TEXT REFERENCES infiniband_partitions(id), enabled INTEGER NOT NULL,
    target_instance_count INTEGER NOT NULL, instance_name_template TEXT NOT NULL,
    max_buy_price_micros INTEGER, status_state TEXT NOT NULL, status_message TEXT NOT NULL,
    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, deleted_at INTEGER);
CREATE UNIQUE INDEX deployments_name ON deployments(workspace_id, name) WHERE deleted_at IS NULL;
CREATE INDEX deployments_live ON deployments(deleted_at, pool_id);
CREATE TABLE deployment_orders (
    deployment_id TEXT NOT NULL REFERENCES deployments(id), order_id TEXT NOT NULL,
    start_at INTEGER NOT NULL, end_at INTEGER NOT NULL, PRIMARY KEY (deployment_id, order_id));
ALTER TABLE instances ADD COLUMN deployment_id TEXT;
CREATE INDEX instances_deployment ON instances(deployment_id, status) WHERE deployment_id IS NOT NULL;
)SQL",
    // Each partition's attached instances, counted per workspace (a reader of one workspace sees its
    // own) and kept by triggers on every write of an instance, so that listing partitions does not
    // count instances: what instance_count reports is an attached instance not yet released nor
    // deleted. It can run again over a store that has them, and counts afresh.
    R"SQL(
CREATE TABLE IF NOT EXISTS partition_instance_counts (
    partition_id TEXT NOT NULL, workspace_id TEXT NOT NULL, attached INTEGER NOT NULL,
    PRIMARY KEY (partition_id, workspace_id)) WITHOUT ROWID;
DELETE FROM partition_instance_counts;
INSERT INTO partition_instance_counts (partition_id, workspace_id, attached)
    SELECT partition_id, workspace_id, COUNT(*) FROM instances
    WHERE partition_id IS NOT NULL AND infiniband_released_at IS NULL AND deleted_at IS NULL
    GROUP BY partition_id, workspace_id;
DROP TRIGGER IF EXISTS instances_count_insert;
CREATE TRIGGER instances_count_insert AFTER INSERT ON instances
    WHEN NEW.partition_id IS NOT NULL AND NEW.infiniband_released_at IS NULL AND NEW.deleted_at IS NULL
BEGIN
    INSERT INTO partition_instance_counts (partition_id, workspace_id, attached)
        VALUES (NEW.partition_id, NEW.workspace_id, 1)
        ON CONFLICT (partition_id, workspace_id) DO UPDATE SET attached = attached + 1;
END;
DROP TRIGGER IF EXISTS instances_count_update;
CREATE TRIGGER instances_count_update
    AFTER UPDATE OF partition_id, workspace_id, infiniband_released_at, deleted_at ON instances
BEGIN
    UPDATE partition_instance_counts SET attached = attached - 1
        WHERE OLD.partition_id IS NOT NULL AND OLD.infiniband_released_at IS NULL AND OLD.deleted_at IS NULL
            AND partition_id = OLD.partition_id AND workspace_id = OLD.workspace_id;
    INSERT INTO partition_instance_counts (partition_id, workspace_id, attached)
        SELECT NEW.partition_id, NEW.workspace_id, 1
        WHERE NEW.partition_id IS NOT NULL AND NEW.infiniband_released_at IS NULL AND NEW.deleted_at IS NULL
        ON CONFLICT (partition_id, workspace_id) DO UPDATE SET attached = attached + 1;
END;
DROP TRIGGER IF EXISTS instances_count_delete;
CREATE TRIGGER instances_count_delete AFTER DELETE ON instances
    WHEN OLD.partition_id IS NOT NULL AND OLD.infiniband_released_at IS NULL AND OLD.deleted_at IS NULL
BEGIN
    UPDATE partition_instance_counts SET attached = attached - 1
        WHERE partition_id = OLD.partition_id AND workspace_id = OLD.workspace_id;
END;
)SQL",
};

} // namespace

SimStore::SimStore()
    : m_connection(u"sfsim-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces))
{}

SimStore::~SimStore()
{
    close();
}

namespace {

// The store holds the world's secrets' digests and every account's state: only its owner may read
// it. A missing folder is created 0700 and the file 0600 before SQLite opens it; SQLite gives its
// -wal and -shm files the database file's permissions.
bool prepareFile(const QString& file, QString* error)
{
    const QFileInfo info(file);
    if (!SimStore::createFolderOf(file, error))
        return false;
    // A log without its database (the file deleted while an sfsim still held the log open) cannot
    // be applied: SQLite would replay another store's pages onto an empty one.
    const QFileInfo log(file + u"-wal"_s);
    if ((!info.exists() || info.size() == 0) && log.exists() && log.size() > 0) {
        *error = u"the store %1 is missing but its write-ahead log %2 remains: stop any sfsim that "
                 u"still uses it, or remove %2 and %1-shm to start empty"_s.arg(file, log.filePath());
        return false;
    }
    const QByteArray name = QFile::encodeName(info.absoluteFilePath());
    const int fd = ::open(name.constData(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
        *error = u"cannot open the store %1: %2"_s.arg(file, QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
    // A store made by an earlier version may be readable by others.
    const bool private_ = ::fchmod(fd, 0600) == 0;
    ::close(fd);
    if (!private_) {
        *error = u"cannot make the store %1 private: %2"_s.arg(file, QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
    for (const char* suffix : {"-wal", "-shm"})
        ::chmod(QByteArray(name + suffix).constData(), 0600);
    return true;
}

} // namespace

bool SimStore::createFolderOf(const QString& file, QString* error)
{
    QStringList missing;
    for (QString dir = QFileInfo(file).absolutePath(); !QFileInfo::exists(dir);
         dir = QFileInfo(dir).absolutePath())
        missing.prepend(dir);
    for (const QString& path : std::as_const(missing)) {
        if (::mkdir(QFile::encodeName(path).constData(), 0700) != 0 && errno != EEXIST) {
            *error = u"cannot create the folder %1: %2"_s.arg(path, QString::fromLocal8Bit(strerror(errno)));
            return false;
        }
    }
    return true;
}

bool SimStore::open(const QString& file, QString* error)
{
    if (!file.isEmpty() && !prepareFile(file, error))
        return false;
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_connection);
    db.setDatabaseName(file.isEmpty() ? u":memory:"_s : file);
    if (!db.open()) {
        *error = u"cannot open the store %1: %2"_s.arg(file, db.lastError().text());
        return false;
    }
    QSqlQuery q(db);
    for (const auto* pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL",
                               "PRAGMA foreign_keys=ON", "PRAGMA busy_timeout=5000"}) {
        if (!q.exec(QString::fromLatin1(pragma))) {
            *error = u"cannot configure the store: %1"_s.arg(q.lastError().text());
            return false;
        }
        // Without WAL a reader blocks the writer and a crash mid-request is not atomic in the
        // same way; refuse rather than run on another journal.
        if (QByteArray(pragma).contains("journal_mode") && !file.isEmpty()
            && (!q.next() || q.value(0).toString().compare(u"wal"_s, Qt::CaseInsensitive) != 0)) {
            *error = u"cannot switch the store %1 to WAL journaling"_s.arg(file);
            return false;
        }
    }
    return migrate(error);
}

void SimStore::close()
{
    m_statementIndex.clear();
    m_statements.clear();
    m_rowStatements.clear();
    if (QSqlDatabase::contains(m_connection)) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_connection, false);
            if (db.isOpen())
                db.close();
        }
        QSqlDatabase::removeDatabase(m_connection);
    }
}

QSqlDatabase SimStore::database() const
{
    return QSqlDatabase::database(m_connection, false);
}

int SimStore::schemaVersion()
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(u"PRAGMA user_version"_s) || !q.next())
        return -1;
    return q.value(0).toInt();
}

bool SimStore::migrate(QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    const int current = schemaVersion();
    const int target = static_cast<int>(std::size(migrations));
    if (current > target) {
        *error = u"the store has schema version %1, newer than this sfsim (%2)"_s.arg(current).arg(target);
        return false;
    }
    for (int version = current; version < target; ++version) {
        if (!db.transaction()) {
            *error = db.lastError().text();
            return false;
        }
        // Statements end at a semicolon, except inside a trigger's body, which ends at its END.
        QStringList statements;
        QString pending;
        for (const QString& part :
             constValue(QString::fromUtf8(migrations[version]).split(u';', Qt::SkipEmptyParts))) {
            pending += part;
            if (pending.contains(u"CREATE TRIGGER"_s, Qt::CaseInsensitive)
                && !pending.trimmed().endsWith(u"END"_s, Qt::CaseInsensitive)) {
                pending += u';';
                continue;
            }
            statements.append(std::exchange(pending, QString()));
        }
        QSqlQuery q(db);
        for (const auto& statement : statements) {
            QString sql;
            for (const auto& line : constValue(statement.split(u'\n'))) {
                if (!line.trimmed().startsWith(u"--"_s))
                    sql += line + u'\n';
            }
            if (sql.trimmed().isEmpty())
                continue;
            if (!q.exec(sql)) {
                *error = u"migration %1 failed: %2"_s.arg(version + 1).arg(q.lastError().text());
                db.rollback();
                return false;
            }
        }
        if (!q.exec(u"PRAGMA user_version = %1"_s.arg(version + 1)) || !db.commit()) {
            *error = u"migration %1 failed: %2"_s.arg(version + 1).arg(db.lastError().text());
            db.rollback();
            return false;
        }
    }
    return true;
}

void SimStore::begin()
{
    exec(u"BEGIN IMMEDIATE"_s);
    m_inTransaction = true;
}

void SimStore::commit()
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(u"COMMIT"_s)) {
        // Still inside the transaction (SQLite keeps it open after a failed COMMIT): end it, or
        // every later BEGIN fails.
        qCWarning(lcSim, "sfsim: commit failed: %s", qPrintable(q.lastError().text()));
        rollback();
        throw SimApiError(500, u"api_error"_s, u"Internal error in the simulator's store."_s);
    }
    m_inTransaction = false;
}

void SimStore::rollback()
{
    if (!m_inTransaction)
        return;
    m_inTransaction = false;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.exec(u"ROLLBACK"_s);
    if (m_rollbackHook)
        m_rollbackHook();
}

QSqlQuery& SimStore::prepared(const QString& sql)
{
    if (const auto found = m_statementIndex.find(sql); found != m_statementIndex.end()) {
        m_statements.splice(m_statements.begin(), m_statements, found->second);
        return *found->second->query;
    }
    auto q = std::make_unique<QSqlQuery>(QSqlDatabase::database(m_connection, false));
    // Rows are read once, in order; no client-side cache of the result.
    q->setForwardOnly(true);
    if (!q->prepare(sql)) {
        qCWarning(lcSim, "sfsim: cannot prepare statement: %s", qPrintable(q->lastError().text()));
        throw SimApiError(500, u"api_error"_s, u"Internal error in the simulator's store."_s);
    }
    if (m_statements.size() >= maxCachedStatements) {
        m_statementIndex.erase(m_statements.back().sql);
        m_statements.pop_back();
    }
    m_statements.push_front({sql, std::move(q)});
    m_statementIndex.emplace(sql, m_statements.begin());
    return *m_statements.front().query;
}

QSqlQuery& SimStore::exec(const QString& sql, const QVariantList& binds)
{
    QSqlQuery* q = &prepared(sql);
    q->finish();
    for (int i = 0; i < binds.size(); ++i)
        q->bindValue(i, binds.at(i));
    if (!q->exec()) {
        qCWarning(lcSim, "sfsim: statement failed: %s", qPrintable(q->lastError().text()));
        throw SimApiError(500, u"api_error"_s, u"Internal error in the simulator's store."_s);
    }
    return *q;
}

QList<QSqlRecord> SimStore::rows(const QString& sql, const QVariantList& binds)
{
    QSqlQuery& q = exec(sql, binds);
    QList<QSqlRecord> out;
    while (q.next())
        out.append(q.record());
    q.finish();
    return out;
}

bool SimRow::isNull(int column) const
{
    return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

qint64 SimRow::integer(int column) const
{
    return sqlite3_column_int64(m_statement, column);
}

QByteArrayView SimRow::text(int column) const
{
    // The text first, then its length: sqlite3_column_bytes counts the text as converted.
    const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(m_statement, column));
    return data ? QByteArrayView(data, sqlite3_column_bytes(m_statement, column)) : QByteArrayView();
}

void SimStore::forEachRow(const QString& sql, const QVariantList& binds,
                          const std::function<void(const SimRow&)>& each)
{
    QString error;
    sqlite3_stmt* statement = m_rowStatements.bound(database(), sql, binds, &error);
    if (!statement) {
        qCWarning(lcSim, "sfsim: cannot run statement: %s", qPrintable(error));
        throw SimApiError(500, u"api_error"_s, u"Internal error in the simulator's store."_s);
    }
    // Reset whatever happens, so the statement holds no read open and can run again.
    const auto reset = qScopeGuard([statement] {
        sqlite3_reset(statement);
        sqlite3_clear_bindings(statement);
    });
    const SimRow row(statement);
    for (;;) {
        const int stepped = sqlite3_step(statement);
        if (stepped == SQLITE_DONE)
            return;
        if (stepped != SQLITE_ROW) {
            qCWarning(lcSim, "sfsim: statement failed: %s", sqlite3_errmsg(sqlite3_db_handle(statement)));
            throw SimApiError(500, u"api_error"_s, u"Internal error in the simulator's store."_s);
        }
        each(row);
    }
}

std::optional<QSqlRecord> SimStore::row(const QString& sql, const QVariantList& binds)
{
    QSqlQuery& q = exec(sql, binds);
    std::optional<QSqlRecord> out;
    if (q.next())
        out = q.record();
    q.finish();
    return out;
}

QVariant SimStore::scalar(const QString& sql, const QVariantList& binds)
{
    QSqlQuery& q = exec(sql, binds);
    QVariant out;
    if (q.next())
        out = q.value(0);
    q.finish();
    return out;
}

QString SimStore::meta(const QString& key)
{
    return scalar(u"SELECT value FROM meta WHERE key = ?"_s, {key}).toString();
}

void SimStore::setMeta(const QString& key, const QString& value)
{
    exec(u"INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"_s,
         {key, value});
}

} // namespace sfsim
