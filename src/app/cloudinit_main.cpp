// SPDX-License-Identifier: Apache-2.0

#include "core/appinfo.h"
#include "core/cloudinit/bootstrap.h"
#include "core/cloudinit/jinja.h"
#include "core/cloudinit/userdata.h"
#include "core/cloudinit/validator.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QSaveFile>
#include <QTextStream>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

enum ExitCode
{
    AllValid = 0,
    SomeInvalid = 1,
    UsageError = 2
};

QTextStream& out()
{
    static QTextStream stream(stdout);
    return stream;
}

QTextStream& err()
{
    static QTextStream stream(stderr);
    return stream;
}

int usage(const QCommandLineParser& parser, const QString& problem)
{
    err() << "sfdesk-cloudinit: " << problem << "\n\n" << parser.helpText();
    err().flush();
    return UsageError;
}

// Writes the gzip-compressed payload that was validated, and says what it weighs against the limit.
bool writeGzip(const QString& path, const QByteArray& payload, qint64 plainSize)
{
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(payload) != payload.size() || !out.commit()) {
        err() << "sfdesk-cloudinit: cannot write " << path << ": " << out.errorString() << '\n';
        return false;
    }
    const CloudInit::PayloadSize size = CloudInit::payloadSize(payload);
    const auto kib = [](qint64 bytes) { return QString::number(double(bytes) / 1024.0, 'f', 1); };
    err() << "sfdesk-cloudinit: wrote " << path << ": " << kib(plainSize) << " KiB gzip-compressed to "
          << kib(size.raw) << " KiB, " << kib(size.base64) << " KiB in base64 (the limit is 64 KiB)\n";
    return true;
}

// gzipPath: compress the one file, check the compressed payload (what would be sent) and, when it is
// valid, write it there.
int validate(const QStringList& files, bool json, const QString& gzipPath, const QJsonObject& instanceData)
{
    bool allValid = true;
    QJsonArray report;
    for (const QString& path : files) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            err() << "sfdesk-cloudinit: cannot read " << path << ": " << file.errorString() << '\n';
            err().flush();
            return UsageError;
        }
        // Read no further than the limit: a file past it (or a device that never ends) is refused
        // without being read whole.
        QByteArray payload = file.read(CloudInit::maxUserDataFileBytes + 1);
        if (payload.size() > CloudInit::maxUserDataFileBytes) {
            err() << "sfdesk-cloudinit: cannot check " << path << ": it is larger than "
                  << CloudInit::maxUserDataFileBytes / (1024 * 1024)
                  << " MiB, the most the validator reads (user data is limited to 64 KiB)\n";
            err().flush();
            return UsageError;
        }
        const qint64 plainSize = payload.size();
        if (!gzipPath.isEmpty() && CloudInit::detectUserDataType(payload) != CloudInit::UserDataType::Gzip)
            payload = CloudInit::gzipCompress(payload);
        const CloudInit::ValidationResult result = CloudInit::validateUserData(payload, instanceData);
        if (!gzipPath.isEmpty()) {
            if (!result.valid())
                err() << "sfdesk-cloudinit: " << gzipPath << " not written: " << path << " is not valid\n";
            else if (!writeGzip(gzipPath, payload, plainSize))
                return UsageError;
        }
        allValid = allValid && result.valid();
        QJsonArray diagnostics;
        for (const CloudInit::Diagnostic& diagnostic : result.diagnostics) {
            const int line = diagnostic.range.start.line + 1;
            const int column = diagnostic.range.start.column + 1;
            if (json) {
                diagnostics.append(QJsonObject{
                    {u"line"_s, line},
                    {u"column"_s, column},
                    {u"end_line"_s, diagnostic.range.end.line + 1},
                    {u"end_column"_s, diagnostic.range.end.column + 1},
                    {u"severity"_s, CloudInit::severityName(diagnostic.severity)},
                    {u"path"_s, diagnostic.path},
                    {u"message"_s, diagnostic.message},
                });
            } else {
                out() << path << ':' << line << ':' << column << ": "
                      << CloudInit::severityName(diagnostic.severity) << ": " << diagnostic.message << '\n';
            }
        }
        if (json)
            report.append(QJsonObject{
                {u"file"_s, path}, {u"valid"_s, result.valid()}, {u"diagnostics"_s, diagnostics}});
    }
    if (json)
        out() << QJsonDocument(report).toJson(QJsonDocument::Indented);
    out().flush();
    return allValid ? AllValid : SomeInvalid;
}

int bootstrap(const QString& user, const QString& keyPath, bool gpuCheck)
{
    QFile file(keyPath);
    if (!file.open(QIODevice::ReadOnly)) {
        err() << "sfdesk-cloudinit: cannot read " << keyPath << ": " << file.errorString() << '\n';
        return UsageError;
    }
    // A .pub file is one short line; refuse to slurp anything large (a private key or a wrong file).
    const QByteArray content = file.read(16 * 1024);
    CloudInit::BootstrapOptions options;
    options.userName = user;
    options.publicKey = QString::fromUtf8(content).section(u'\n', 0, 0);
    options.gpuInfinibandCheck = gpuCheck;
    QString problem;
    const QString config = CloudInit::sshBootstrapConfig(options, &problem);
    if (config.isEmpty()) {
        err() << "sfdesk-cloudinit: " << problem << '\n';
        return UsageError;
    }
    out() << config;
    out().flush();
    return AllValid;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    AppInfo::applyIdentity(app);
    QCoreApplication::setApplicationName(u"sfdesk-cloudinit"_s);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Checks cloud-init user data as cloud-init %1 does and writes SSH-key bootstraps.\n\n"
        u"  validate FILE... [--json]   exit 0 when all files are valid, 1 when any is not, 2 on usage "
        u"errors\n"
        u"  validate FILE --gzip OUT    compress FILE with gzip, check the result and write it to OUT\n"
        u"  validate FILE... --instance-data JSON   render Jinja templates with this instance data\n"
        u"  bootstrap --user NAME --key FILE.pub [--gpu-ib-check]   print a cloud-config"_s.arg(u"25.1.4"_s));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(u"command"_s, u"validate or bootstrap"_s);
    const QCommandLineOption json(u"json"_s, u"validate: print a JSON report."_s);
    const QCommandLineOption user(u"user"_s, u"bootstrap: the user to create."_s, u"name"_s);
    const QCommandLineOption key(u"key"_s, u"bootstrap: the public key file (.pub)."_s, u"file"_s);
    const QCommandLineOption gpuCheck(
        u"gpu-ib-check"_s, u"bootstrap: list GPUs and InfiniBand devices on the console at boot."_s);
    const QCommandLineOption gzip(
        u"gzip"_s,
        u"validate: gzip-compress the file (cloud-init reads gzip user data), check that and write it."_s,
        u"out"_s);
    const QCommandLineOption instanceData(
        u"instance-data"_s,
        u"validate: render Jinja templates with this instance-data.json (v1.*, ds.*) instead of sample data."_s,
        u"json"_s);
    parser.addOptions({json, user, key, gpuCheck, gzip, instanceData});
    if (!parser.parse(QCoreApplication::arguments()))
        return usage(parser, parser.errorText());
    if (parser.isSet(u"help"_s)) {
        out() << parser.helpText();
        return AllValid;
    }
    if (parser.isSet(u"version"_s)) {
        out() << QCoreApplication::applicationName() << ' ' << QCoreApplication::applicationVersion() << '\n';
        return AllValid;
    }
    const QStringList arguments = parser.positionalArguments();
    if (arguments.isEmpty())
        return usage(parser, u"a command is required"_s);
    const QString& command = arguments.constFirst();
    if (command == u"validate") {
        if (arguments.size() < 2)
            return usage(parser, u"validate needs at least one file"_s);
        if (parser.isSet(user) || parser.isSet(key) || parser.isSet(gpuCheck))
            return usage(parser, u"--user, --key and --gpu-ib-check belong to bootstrap"_s);
        if (parser.isSet(gzip) && arguments.size() != 2)
            return usage(parser, u"--gzip compresses one file"_s);
        QJsonObject data = CloudInit::sampleInstanceData();
        if (parser.isSet(instanceData)) {
            QFile file(parser.value(instanceData));
            if (!file.open(QIODevice::ReadOnly))
                return usage(parser, u"cannot read %1: %2"_s.arg(file.fileName(), file.errorString()));
            QJsonParseError error;
            const QJsonDocument document = QJsonDocument::fromJson(file.read(16 * 1024 * 1024), &error);
            if (error.error != QJsonParseError::NoError || !document.isObject())
                return usage(parser,
                             u"%1 is not a JSON object: %2"_s.arg(file.fileName(), error.errorString()));
            data = document.object();
        }
        return validate(arguments.mid(1), parser.isSet(json), parser.value(gzip), data);
    }
    if (command == u"bootstrap") {
        if (arguments.size() > 1)
            return usage(parser, u"bootstrap takes no file arguments"_s);
        if (!parser.isSet(user) || !parser.isSet(key))
            return usage(parser, u"bootstrap needs --user and --key"_s);
        if (parser.isSet(json) || parser.isSet(gzip) || parser.isSet(instanceData))
            return usage(parser, u"--json, --gzip and --instance-data belong to validate"_s);
        return bootstrap(parser.value(user), parser.value(key), parser.isSet(gpuCheck));
    }
    return usage(parser, u"unknown command '%1'"_s.arg(command));
}
