#pragma once

#include <QJsonObject>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <QUrl>

// Runs the real sfsim executable on a free loopback port for a test, over real HTTP.
class SimProcess final
{
    Q_DISABLE_COPY_MOVE(SimProcess)

public:
    SimProcess();
    ~SimProcess();

    // Starts sfsim with these extra arguments; waits for its "listening" line.
    bool start(const QStringList& extraArguments = {}, int timeoutMs = 15000);
    void stop();
    // SIGKILL, for crash-consistency tests.
    void kill();

    QUrl baseUrl() const { return m_baseUrl; }
    // The tokens file sfsim wrote, as an object (acme-owner, acme-viewer, ...).
    QJsonObject tokens() const;
    QString token(const QString& name) const;
    QString dbFile() const;
    QString errorOutput() const { return m_stderr; }
    // Everything sfsim printed on stdout since the last start().
    QByteArray standardOutput();
    QProcess& process() { return m_process; }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    QUrl m_baseUrl;
    QString m_stderr;
    QByteArray m_stdout;
};
