// SPDX-License-Identifier: Apache-2.0

#include "support/simprocess.h"

#include "support/eventloopwatchdog.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTimer>

namespace sfdesk {

SimProcess::SimProcess() = default;

SimProcess::~SimProcess()
{
    const EventLoopWatchdog::Pause pause;
    m_control.reset();
    stop();
}

QString SimProcess::dbFile() const
{
    return m_dir.filePath(QStringLiteral("sfsim.db"));
}

QString SimProcess::faultsFromEnvironment()
{
    return qEnvironmentVariable("SFDESK_SIM_FAULTS").trimmed();
}

QString SimProcess::tokensFile() const
{
    return m_dir.filePath(QStringLiteral("tokens.json"));
}

bool SimProcess::launch(const QStringList& extraArguments, int timeoutMs)
{
    const EventLoopWatchdog::Pause pause;
    QStringList args{QStringLiteral("--host"), QStringLiteral("127.0.0.1"),     QStringLiteral("--port"),
                     QStringLiteral("0"),      QStringLiteral("--tokens-file"), tokensFile()};
    if (!extraArguments.contains(QStringLiteral("--db")))
        args << QStringLiteral("--db") << dbFile();
    args << extraArguments;
    // The GUI tests record what the app sends, for the request conformance check.
    if (const QString dir = qEnvironmentVariable("SFDESK_REQUEST_LOG_DIR"); !dir.isEmpty()) {
        QDir().mkpath(dir);
        args << QStringLiteral("--request-log")
             << QDir(dir).filePath(QStringLiteral("%1-%2.jsonl")
                                       .arg(QCoreApplication::applicationName())
                                       .arg(QCoreApplication::applicationPid()));
    }
    m_faults.clear();
    if (extraArguments.contains(QStringLiteral("--faults"))) {
        m_faults = extraArguments.value(extraArguments.indexOf(QStringLiteral("--faults")) + 1);
    } else if (const QString faults = faultsFromEnvironment(); !faults.isEmpty()) {
        m_faults = faults;
        args << QStringLiteral("--faults") << faults;
    }
    m_process.setProgram(QStringLiteral(SFSIM_EXECUTABLE));
    m_process.setArguments(args);
    m_process.start();
    return m_process.waitForStarted(timeoutMs);
}

bool SimProcess::start(const QStringList& extraArguments, int timeoutMs)
{
    // Waiting for sfsim blocks the GUI thread; that is the test's doing, not the app's.
    const EventLoopWatchdog::Pause pause;
    if (!launch(extraArguments, timeoutMs))
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
    const EventLoopWatchdog::Pause pause;
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
    QFile file(tokensFile());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QString SimProcess::token(const QString& name) const
{
    return tokens().value(name).toString();
}

bool SimProcess::setFaults(const QString& spec)
{
    if (!m_control)
        m_control = std::make_unique<QNetworkAccessManager>();
    QNetworkRequest request(m_baseUrl.resolved(QUrl(QStringLiteral("/_sim/faults"))));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    QNetworkReply* reply =
        m_control->post(request, QJsonDocument(QJsonObject{{QStringLiteral("spec"), spec}}).toJson());
    // A nested loop, not a blocking wait: the app's own requests go on meanwhile.
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10000, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    const bool ok = reply->isFinished() && reply->error() == QNetworkReply::NoError;
    if (!ok)
        qWarning("sfsim did not take the faults \"%s\": %s", qPrintable(spec),
                 qPrintable(reply->errorString()));
    delete reply;
    return ok;
}

SimProcess::FaultsOff::FaultsOff(SimProcess& sim)
    : m_sim(sim)
    , m_depth(sim.m_faultsOff++)
{
    if (m_depth == 0 && m_sim.hasFaults())
        m_sim.setFaults(QString());
}

SimProcess::FaultsOff::~FaultsOff()
{
    if (--m_sim.m_faultsOff == 0 && m_sim.hasFaults())
        m_sim.setFaults(m_sim.m_faults);
}

} // namespace sfdesk
