// SPDX-License-Identifier: Apache-2.0

#include "sim/store/sqlitestatements.h"

#include <QSqlDriver>

#include <sqlite3.h>

using namespace Qt::StringLiterals;

namespace sfsim {

namespace {

sqlite3* connectionOf(const QSqlDatabase& db)
{
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    return handle.isValid() && qstrcmp(handle.typeName(), "sqlite3*") == 0
               ? *static_cast<sqlite3* const*>(handle.constData())
               : nullptr;
}

int bindValue(sqlite3_stmt* statement, int index, const QVariant& value)
{
    switch (value.typeId()) {
    case QMetaType::Bool:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Long:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
        return sqlite3_bind_int64(statement, index, value.toLongLong());
    case QMetaType::Double:
        return sqlite3_bind_double(statement, index, value.toDouble());
    default:
        if (value.isNull())
            return sqlite3_bind_null(statement, index);
        if (value.typeId() == QMetaType::QString) {
            // The text as the variant holds it, which outlives the statement's run: SQLite
            // converts it once as it stores it, rather than after two copies here.
            const QString& text = *static_cast<const QString*>(value.constData());
            return sqlite3_bind_text16(statement, index, text.utf16(), int(text.size() * sizeof(char16_t)),
                                       SQLITE_STATIC);
        }
        const QByteArray text = value.toString().toUtf8();
        return sqlite3_bind_text64(statement, index, text.constData(), sqlite3_uint64(text.size()),
                                   SQLITE_TRANSIENT, SQLITE_UTF8);
    }
}

} // namespace

sqlite3_stmt* SqliteStatements::bound(const QSqlDatabase& db, const QString& sql, const QVariantList& binds,
                                      QString* error)
{
    sqlite3_stmt* statement = nullptr;
    // A literal's characters never move or change, so its address names it: no hash of the text.
    const void* literal = sql.data_ptr().isMutable() ? nullptr : static_cast<const void*>(sql.constData());
    auto cached = m_statements.end();
    if (const auto known = literal ? m_byLiteral.find(literal) : m_byLiteral.end();
        known != m_byLiteral.end() && known->second->sql.size() == sql.size())
        cached = known->second;
    else if (const auto found = m_index.find(sql); found != m_index.end())
        cached = found->second;
    if (cached != m_statements.end()) {
        m_statements.splice(m_statements.begin(), m_statements, cached);
        statement = cached->statement;
    } else {
        sqlite3* connection = connectionOf(db);
        const QByteArray text = sql.toUtf8();
        if (!connection
            || sqlite3_prepare_v3(connection, text.constData(), int(text.size()), SQLITE_PREPARE_PERSISTENT,
                                  &statement, nullptr)
                   != SQLITE_OK) {
            *error = connection ? QString::fromUtf8(sqlite3_errmsg(connection)) : u"no SQLite connection"_s;
            sqlite3_finalize(statement);
            return nullptr;
        }
        if (m_statements.size() >= m_capacity) {
            sqlite3_finalize(m_statements.back().statement);
            if (m_statements.back().literal)
                m_byLiteral.erase(m_statements.back().literal);
            m_index.erase(m_statements.back().sql);
            m_statements.pop_back();
        }
        m_statements.push_front({sql, statement, literal});
        m_index.emplace(sql, m_statements.begin());
        if (literal)
            m_byLiteral.insert_or_assign(literal, m_statements.begin());
    }
    sqlite3_reset(statement);
    sqlite3_clear_bindings(statement);
    for (int i = 0; i < binds.size(); ++i) {
        const int result = bindValue(statement, i + 1, binds.at(i));
        if (result != SQLITE_OK) {
            *error = u"cannot bind a value: "_s + QString::fromUtf8(sqlite3_errstr(result));
            return nullptr;
        }
    }
    return statement;
}

bool SqliteStatements::exec(const QSqlDatabase& db, const QString& sql, const QVariantList& binds,
                            QString* error, qint64* insertedRowId)
{
    sqlite3_stmt* statement = bound(db, sql, binds, error);
    if (!statement)
        return false;
    int stepped = sqlite3_step(statement);
    while (stepped == SQLITE_ROW)
        stepped = sqlite3_step(statement);
    // Reset at once: a finished write holds nothing open, and the error is read before it goes.
    if (stepped != SQLITE_DONE)
        *error = QString::fromUtf8(sqlite3_errmsg(sqlite3_db_handle(statement)));
    else if (insertedRowId)
        *insertedRowId = sqlite3_last_insert_rowid(sqlite3_db_handle(statement));
    sqlite3_reset(statement);
    return stepped == SQLITE_DONE;
}

void SqliteStatements::clear()
{
    for (const Cached& cached : m_statements)
        sqlite3_finalize(cached.statement);
    m_statements.clear();
    m_index.clear();
    m_byLiteral.clear();
}

} // namespace sfsim
