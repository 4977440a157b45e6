#include "support/simprocess.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>

SimProcess::SimProcess() = default;

SimProcess::~SimProcess()
{
    stop();
}

QString SimProcess::dbFile() const
{
    return m_dir.filePath(QStringLiteral("sfsim.db"));
}

bool SimProcess::start(const QStringList& extraArguments, int timeoutMs)
{
    QStringList args{QStringLiteral("--host"),        QStringLiteral("127.0.0.1"),
                     QStringLiteral("--port"),        QStringLiteral("0"),
                     QStringLiteral("--tokens-file"), m_dir.filePath(QStringLiteral("tokens.json"))};
    if (!extraArguments.contains(QStringLiteral("--db")))
        args << QStringLiteral("--db") << dbFile();
    args << extraArguments;
    m_process.setProgram(QStringLiteral(SFSIM_EXECUTABLE));
    m_process.setArguments(args);
    m_process.start();
    if (!m_process.waitForStarted(timeoutMs))
        return false;
    static const QRegularExpression listening(QStringLiteral("sfsim listening on (http://\\S+)"));
    QByteArray out;
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired() && m_process.state() == QProcess::Running) {
        m_process.waitForReadyRead(100);
        out += m_process.readAllStandardOutput();
        const auto match = listening.match(QString::fromUtf8(out));
        if (match.hasMatch()) {
            m_stdout = out;
            m_baseUrl = QUrl(match.captured(1));
            return true;
        }
    }
    m_stderr = QString::fromUtf8(m_process.readAllStandardError());
    return false;
}

QByteArray SimProcess::standardOutput()
{
    m_process.waitForReadyRead(200);
    m_stdout += m_process.readAllStandardOutput();
    return m_stdout;
}

void SimProcess::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(2000);
    }
    m_stderr += QString::fromUtf8(m_process.readAllStandardError());
}

void SimProcess::kill()
{
    m_process.kill();
    m_process.waitForFinished(2000);
}

QJsonObject SimProcess::tokens() const
{
    QFile file(m_dir.filePath(QStringLiteral("tokens.json")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QString SimProcess::token(const QString& name) const
{
    return tokens().value(name).toString();
}
