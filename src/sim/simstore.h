#pragma once

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QString>
#include <QVariant>

#include <optional>

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
    void close();
    int schemaVersion();
    // The connection, for components that run their own statements inside the request's
    // transaction (the market).
    QSqlDatabase database() const;

    void begin();
    void commit();
    void rollback();
    bool inTransaction() const { return m_inTransaction; }

    // Statement helpers; a failing statement throws SimApiError 500 (and is logged), which rolls
    // the request back.
    QSqlQuery& exec(const QString& sql, const QVariantList& binds = {});
    QList<QSqlRecord> rows(const QString& sql, const QVariantList& binds = {});
    std::optional<QSqlRecord> row(const QString& sql, const QVariantList& binds = {});
    QVariant scalar(const QString& sql, const QVariantList& binds = {});

    QString meta(const QString& key);
    void setMeta(const QString& key, const QString& value);

private:
    bool migrate(QString* error);

    QString m_connection;
    QHash<QString, QSqlQuery*> m_statements;
    bool m_inTransaction = false;
};
