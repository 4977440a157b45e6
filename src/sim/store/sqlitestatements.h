// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QSqlDatabase>
#include <QString>
#include <QVariant>

#include <list>
#include <unordered_map>

struct sqlite3_stmt;

namespace sfsim {

// Statements prepared once on the SQLite connection a QSqlDatabase opened and run through SQLite's
// own API: for small reads and writes, Qt SQL's binding and row records cost more than the
// statement. At most `capacity` are kept, the least recently used go first. Finalize them (clear()
// or the destructor) before the connection closes.
class SqliteStatements final
{
public:
    explicit SqliteStatements(std::size_t capacity)
        : m_capacity(capacity)
    {}
    ~SqliteStatements() { clear(); }
    Q_DISABLE_COPY_MOVE(SqliteStatements)

    // The statement of `sql` with `binds` bound (integers, doubles, null, else text), ready to step;
    // the caller resets it when done (sqlite3_reset). nullptr with `error` set when it cannot be
    // prepared or bound.
    sqlite3_stmt* bound(const QSqlDatabase& db, const QString& sql, const QVariantList& binds,
                        QString* error);
    // Runs a statement to its end (a write). Returns false with `error` set when it fails;
    // `insertedRowId` gets the connection's last inserted rowid.
    bool exec(const QSqlDatabase& db, const QString& sql, const QVariantList& binds, QString* error,
              qint64* insertedRowId = nullptr);
    void clear();
    std::size_t size() const { return m_statements.size(); }

private:
    struct Cached
    {
        QString sql;
        sqlite3_stmt* statement = nullptr;
        const void* literal = nullptr; // the text's address when it was a literal
    };
    std::size_t m_capacity;
    // Most recently used first; the maps point into the list.
    std::list<Cached> m_statements;
    std::unordered_map<QString, std::list<Cached>::iterator> m_index;
    std::unordered_map<const void*, std::list<Cached>::iterator> m_byLiteral;
};

} // namespace sfsim
