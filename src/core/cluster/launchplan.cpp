// SPDX-License-Identifier: Apache-2.0

#include "core/cluster/launchplan.h"

#include "common/constvalue.h"
#include "core/cli/sfcommand.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <tuple>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace LaunchPlan {

namespace {

// A word to replace by hand where a worker has no usable address: only letters, digits, '_', '.'
// and '-', so that it means nothing to a shell (unlike "<address of ...>", whose '<' and '>'
// redirect).
QString placeholder(const Worker& worker)
{
    QString word = u"ADDRESS_OF_"_s;
    for (const QChar c : worker.name)
        word += (c.isLetterOrNumber() && c.unicode() < 128) || c == u'_' || c == u'.' || c == u'-' ? c : u'_';
    return word;
}

QString hostOf(const Worker& worker)
{
    return isUsableHost(worker.host) ? worker.host : placeholder(worker);
}

QString environmentPrefix()
{
    QStringList words;
    for (const auto& [name, value] : constValue(ncclEnvironment()))
        words << name + u'=' + value;
    return words.join(u' ');
}

} // namespace

bool isUsableHost(const QString& host)
{
    if (host.isEmpty() || host.size() > 253)
        return false;
    // A DNS name (or an IPv4 address) starting with a letter or digit, so never an option.
    static const QRegularExpression name(QRegularExpression::anchoredPattern(u"[A-Za-z0-9][A-Za-z0-9.-]*"_s));
    if (name.match(host).hasMatch())
        return true;
    // An IPv6 address as ssh and torchrun take it, without a zone ("%eth0").
    static const QRegularExpression ipv6(QRegularExpression::anchoredPattern(u"[0-9A-Fa-f:.]+"_s));
    if (!ipv6.match(host).hasMatch())
        return false;
    // QUrl reads a bracketed host as an IPv6 address, and leaves the URL without a host when it is
    // not one.
    QUrl url;
    url.setHost(u'[' + host + u']');
    return url.isValid() && !url.host().isEmpty();
}

QString commentText(const QString& text)
{
    QString safe = text;
    for (QChar& c : safe) {
        // Control characters (a newline would end the comment, a carriage return too when pasted
        // into a terminal) and the Unicode line and paragraph separators.
        if (c.category() == QChar::Other_Control || c.category() == QChar::Separator_Line
            || c.category() == QChar::Separator_Paragraph)
            c = u'?';
    }
    return safe;
}

QList<std::pair<QString, QString>> ncclEnvironment()
{
    return {{u"NCCL_IB_HCA"_s, u"mlx5"_s},
            {u"NCCL_SOCKET_IFNAME"_s, u"^lo,docker"_s},
            {u"NCCL_DEBUG"_s, u"INFO"_s}};
}

QList<Worker> runningWorkers(const QList<Instance>& instances)
{
    QList<Worker> workers;
    for (const Instance& instance : instances) {
        if (instance.status == Instance::Status::Running)
            workers.append(
                {instance.name.isEmpty() ? instance.id : instance.name, instance.id, instance.publicIp, 22});
    }
    return workers;
}

QList<Worker> ordered(QList<Worker> workers)
{
    // worker-2 before worker-10: the name's trailing number counts as a number.
    const auto key = [](const Worker& worker) {
        qsizetype digits = worker.name.size();
        while (digits > 0 && worker.name.at(digits - 1).isDigit())
            --digits;
        const QStringView number = QStringView(worker.name).mid(digits);
        return std::tuple(QStringView(worker.name).left(digits), number.size(), number, worker.id);
    };
    std::sort(workers.begin(), workers.end(),
              [&key](const Worker& a, const Worker& b) { return key(a) < key(b); });
    return workers;
}

QString hostfile(const QList<Worker>& workers, const Options& options)
{
    QString text;
    for (const Worker& worker : constValue(ordered(workers))) {
        text += hostOf(worker);
        if (options.gpusPerNode > 0)
            text += u" slots=%1"_s.arg(options.gpusPerNode);
        text += u'\n';
    }
    return text;
}

QString torchrunLine(const QList<Worker>& workers, int rank, const Options& options)
{
    const QList<Worker> nodes = ordered(workers);
    if (rank < 0 || rank >= nodes.size())
        return {};
    return u"%1 torchrun --nnodes=%2 --node_rank=%3 --master_addr=%4 --master_port=%5 --nproc_per_node=%6 %7"_s
        .arg(environmentPrefix())
        .arg(nodes.size())
        .arg(rank)
        .arg(hostOf(nodes.first()))
        .arg(options.masterPort)
        .arg(options.gpusPerNode > 0 ? QString::number(options.gpusPerNode) : u"gpu"_s,
             SfCommand::shellQuote(options.script));
}

QString sshCommand(const Worker& worker, const Options& options)
{
    QStringList words{u"ssh"_s};
    if (worker.sshPort != 22)
        words << u"-p"_s << QString::number(worker.sshPort);
    const QString host = hostOf(worker);
    if (options.user.isEmpty())
        words << host;
    else if (options.user.startsWith(u'-')) // "-x@host" would be read as an option
        words << u"-l"_s << SfCommand::shellQuote(options.user) << host;
    else
        words << SfCommand::shellQuote(options.user) + u'@' + host;
    return words.join(u' ');
}

QString document(const QList<Worker>& workers, const Options& options)
{
    const QList<Worker> nodes = ordered(workers);
    if (nodes.isEmpty())
        return {};
    QString text = u"# Partition %1 on fabric %2: %3 running worker(s), %4.\n"_s.arg(
        commentText(options.partitionName), commentText(options.fabricName), QString::number(nodes.size()),
        options.gpusPerNode > 0 ? u"%1 GPU(s) each"_s.arg(options.gpusPerNode) : u"GPUs per node unknown"_s);
    text += u"\n# hostfile\n"_s + hostfile(nodes, options);
    text += u"\n# NCCL over InfiniBand (each torchrun line below sets these too)\n"_s;
    for (const auto& [name, value] : constValue(ncclEnvironment()))
        text += u"export %1=%2\n"_s.arg(name, value);
    text += u"\n# ssh to each worker, then run its torchrun line there\n"_s;
    for (qsizetype rank = 0; rank < nodes.size(); ++rank) {
        const Worker& worker = nodes.at(rank);
        text += u"\n# node %1: %2 (%3)\n"_s.arg(QString::number(rank), commentText(worker.name),
                                                commentText(worker.id));
        if (worker.host.isEmpty())
            text += u"# its address is not known yet: put it in place of %1\n"_s.arg(placeholder(worker));
        else if (!isUsableHost(worker.host))
            text += u"# the server gave no usable address (\"%1\"): put one in place of %2\n"_s.arg(
                commentText(worker.host), placeholder(worker));
        text += sshCommand(worker, options) + u'\n';
        text += torchrunLine(nodes, static_cast<int>(rank), options) + u'\n';
    }
    return text;
}

} // namespace LaunchPlan

} // namespace sfdesk
