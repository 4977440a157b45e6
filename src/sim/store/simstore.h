// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/store/sqlitestatements.h"

#include <QByteArrayView>
#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QString>
#include <QVariant>

#include <functional>
#include <list>
#include <memory>
#include <optional>
#include <unordered_map>

struct sqlite3_stmt;

namespace sfsim {

// A row of SimStore::forEachRow: its columns by index, text as SQLite stores it (UTF-8), valid
// until the callback returns.
class SimRow final
{
public:
    explicit SimRow(sqlite3_stmt* statement)
        : m_statement(statement)
    {}
    bool isNull(int column) const;
    qint64 integer(int column) const;
    QByteArrayView text(int column) const;

private:
    sqlite3_stmt* m_statement;
};

// A stored record (a single object's QSqlRecord) read as SimRow reads a page's rows, so that one
// writer per resource serves both.
struct SimRecordRow
{
    const QSqlRecord& record;
    bool isNull(int column) const { return record.isNull(column); }
    qint64 integer(int column) const { return record.value(column).toLongLong(); }
    QByteArray text(int column) const { return record.value(column).toString().toUtf8(); }
};

// The world of sfsim in one SQLite file: WAL journal, foreign keys, versioned migrations.
// One connection per store, used from the thread that owns the server; each request runs in
// one transaction that the dispatcher opens and closes.
class SimStore final
{
    Q_DISABLE_COPY_MOVE(SimStore)

public:
    SimStore();
    ~SimStore();

    // An empty file keeps the world in memory.
    bool open(const QString& file, QString* error);
    // Creates the folders of `file` that are missing, private (0700).
    static bool createFolderOf(const QString& file, QString* error);
    void close();
    int schemaVersion();
    // The connection, for components that run their own statements inside the request's
    // transaction (the market).
    QSqlDatabase database() const;

    void begin();
    // On failure the transaction is rolled back and SimApiError 500 thrown, so the next begin()
    // finds the connection usable.
    void commit();
    void rollback();
    // Runs after every rollback: components that keep part of the store in memory forget it.
    void setRollbackHook(std::function<void()> hook) { m_rollbackHook = std::move(hook); }
    bool inTransaction() const { return m_inTransaction; }

    // Statement helpers; a failing statement throws SimApiError 500 (and is logged), which rolls
    // the request back.
    QSqlQuery& exec(const QString& sql, const QVariantList& binds = {});
    QList<QSqlRecord> rows(const QString& sql, const QVariantList& binds = {});
    std::optional<QSqlRecord> row(const QString& sql, const QVariantList& binds = {});
    QVariant scalar(const QString& sql, const QVariantList& binds = {});
    // A read for the list pages: each row goes to `each` as SQLite returns it, with no QSqlRecord
    // or QVariant per column (which cost most of a page). Its statements are cached and bounded as
    // exec()'s are.
    void forEachRow(const QString& sql, const QVariantList& binds,
                    const std::function<void(const SimRow&)>& each);

    QString meta(const QString& key);
    void setMeta(const QString& key, const QString& value);

    // At most this many prepared statements are kept, the least recently used go first: list
    // filters make a new SQL text per number of values, and an unbounded cache grew with them.
    static constexpr std::size_t maxCachedStatements = 128;
    std::size_t cachedStatements() const { return m_statements.size() + m_rowStatements.size(); }

private:
    bool migrate(QString* error);
    QSqlQuery& prepared(const QString& sql);

    QString m_connection;
    struct Cached
    {
        QString sql;
        std::unique_ptr<QSqlQuery> query;
    };
    // Most recently used first; the map points into the list.
    std::list<Cached> m_statements;
    std::unordered_map<QString, std::list<Cached>::iterator> m_statementIndex;
    SqliteStatements m_rowStatements{maxCachedStatements};
    bool m_inTransaction = false;
    std::function<void()> m_rollbackHook;
};

} // namespace sfsim
