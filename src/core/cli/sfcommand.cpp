// SPDX-License-Identifier: Apache-2.0

#include "core/cli/sfcommand.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QTimeZone>

namespace sfdesk {

namespace SfCommand {

QString shellQuote(const QString& argument)
{
    // Anchored at both ends of the whole text: "^...$" would let a final newline through unquoted.
    static const QRegularExpression safe(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_@%+=:,./-]+")));
    if (!argument.isEmpty() && safe.match(argument).hasMatch())
        return argument;
    QString quoted = argument;
    quoted.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + quoted + u'\'';
}

QString join(const QStringList& words)
{
    QStringList quoted;
    quoted.reserve(words.size());
    for (const QString& word : words)
        quoted << shellQuote(word);
    return quoted.join(u' ');
}

namespace {

QStringList sf(std::initializer_list<QString> words)
{
    QStringList all{QStringLiteral("sf")};
    all.append(QStringList(words));
    return all;
}

} // namespace

QString partitionCreate(const PartitionCreate& create)
{
    QStringList words = sf({QStringLiteral("infiniband-partitions"), QStringLiteral("create"),
                            QStringLiteral("--name"), create.name});
    if (!create.fabric.isEmpty())
        words << QStringLiteral("--fabric") << create.fabric;
    else
        words << QStringLiteral("--region") << create.region << QStringLiteral("--zone")
              << create.availabilityZone;
    return join(words);
}

QString partitionList(bool allWorkspaces, const QString& fabric)
{
    QStringList words = sf({QStringLiteral("infiniband-partitions"), QStringLiteral("list")});
    if (allWorkspaces)
        words << QStringLiteral("--all");
    if (!fabric.isEmpty())
        words << QStringLiteral("--fabric") << fabric;
    return join(words);
}

QString partitionGet(const QString& reference)
{
    return join(sf({QStringLiteral("infiniband-partitions"), QStringLiteral("get"), reference}));
}

QString partitionInstances(const QString& reference)
{
    return join(sf({QStringLiteral("infiniband-partitions"), QStringLiteral("instances"), reference}));
}

QString partitionDelete(const QString& reference)
{
    return join(sf({QStringLiteral("infiniband-partitions"), QStringLiteral("delete"), reference}));
}

QString instanceCreate(const InstanceCreate& create)
{
    QStringList words =
        sf({QStringLiteral("instances"), QStringLiteral("create"), QStringLiteral("--pool"), create.pool,
            QStringLiteral("--sku"), create.sku, QStringLiteral("--image"), create.image});
    if (!create.cloudInitFile.isEmpty())
        words << QStringLiteral("--cloud-init") << create.cloudInitFile;
    if (!create.name.isEmpty())
        words << QStringLiteral("--name") << create.name;
    if (!create.partition.isEmpty())
        words << QStringLiteral("--infiniband-partition") << create.partition;
    return join(words);
}

QString instanceTerminate(const QString& reference)
{
    return join(sf({QStringLiteral("instances"), QStringLiteral("terminate"), reference}));
}

QString instanceDelete(const QString& reference)
{
    return join(sf({QStringLiteral("instances"), QStringLiteral("delete"), reference}));
}

QString instanceLogs(const QString& reference)
{
    return join(sf({QStringLiteral("instances"), QStringLiteral("logs"), reference}));
}

QString instanceSsh(const QString& reference)
{
    return join(sf({QStringLiteral("instances"), QStringLiteral("ssh"), reference}));
}

QString instanceReplace(const InstanceReplace& replace)
{
    QStringList words = sf({QStringLiteral("instances"), QStringLiteral("replace"), replace.reference,
                            QStringLiteral("--image"), replace.image});
    if (!replace.cloudInitFile.isEmpty())
        words << QStringLiteral("--cloud-init") << replace.cloudInitFile;
    if (!replace.name.isEmpty())
        words << QStringLiteral("--name") << replace.name;
    return join(words);
}

QString instancePriority(const QStringList& references, const QString& priority)
{
    QStringList words = sf(
        {QStringLiteral("instances"), QStringLiteral("set"), QStringLiteral("--priority-level"), priority});
    words << references;
    return join(words);
}

QString instanceTemplateCreate(const InstanceTemplateCreate& create)
{
    QStringList words = sf({QStringLiteral("instance-templates"), QStringLiteral("create"),
                            QStringLiteral("--name"), create.name, QStringLiteral("--image"), create.image});
    if (!create.cloudInitFile.isEmpty())
        words << QStringLiteral("--cloud-init") << create.cloudInitFile;
    return join(words);
}

QString instanceTemplateGet(const QString& reference)
{
    return join(sf({QStringLiteral("instance-templates"), QStringLiteral("get"), reference}));
}

QString instanceTemplateDelete(const QString& reference)
{
    return join(sf({QStringLiteral("instance-templates"), QStringLiteral("delete"), reference}));
}

QString deploymentCreate(const DeploymentCreate& create)
{
    QStringList words =
        sf({QStringLiteral("deployments"), QStringLiteral("create"), QStringLiteral("--name"), create.name,
            QStringLiteral("--pool"), create.pool, QStringLiteral("--sku"), create.sku,
            QStringLiteral("--instance-template"), create.instanceTemplate,
            QStringLiteral("--target-instance-count"), QString::number(create.targetInstanceCount)});
    if (!create.instanceNameTemplate.isEmpty())
        words << QStringLiteral("--instance-name-template") << create.instanceNameTemplate;
    if (!create.partition.isEmpty())
        words << QStringLiteral("--infiniband-partition") << create.partition;
    if (create.spot)
        words << QStringLiteral("--spot") << QStringLiteral("--max-rate") << create.maxRate;
    return join(words);
}

QString deploymentScale(const QString& reference, int targetInstanceCount)
{
    return join(sf({QStringLiteral("deployments"), QStringLiteral("set"), reference,
                    QStringLiteral("--target-instance-count"), QString::number(targetInstanceCount)}));
}

QString deploymentSetEnabled(const QString& reference, bool enabled)
{
    return join(
        sf({QStringLiteral("deployments"), QStringLiteral("set"), reference, QStringLiteral("--enabled"),
            enabled ? QStringLiteral("true") : QStringLiteral("false")}));
}

QString deploymentDelete(const QString& reference)
{
    return join(sf({QStringLiteral("deployments"), QStringLiteral("delete"), reference}));
}

QString availability(bool infinibandOnly)
{
    QStringList words = sf({QStringLiteral("availability")});
    if (infinibandOnly)
        words << QStringLiteral("--rdma-type") << QStringLiteral("infiniband");
    return join(words);
}

QString previewEnroll(const QString& flag)
{
    return join(sf({QStringLiteral("preview"), QStringLiteral("set"), flag + QStringLiteral("=true")}));
}

QString imageUpload(const QString& file, const QString& name)
{
    QStringList words = sf({QStringLiteral("images"), QStringLiteral("upload"), QStringLiteral("-f"), file});
    if (!name.isEmpty())
        words << QStringLiteral("-n") << name;
    return join(words);
}

QString imageGet(const QString& reference)
{
    return join(sf({QStringLiteral("images"), QStringLiteral("get"), reference}));
}

QString imageRevoke(const QString& reference)
{
    return join(sf({QStringLiteral("images"), QStringLiteral("revoke"), reference}));
}

QString imageReinstate(const QString& reference)
{
    return join(sf({QStringLiteral("images"), QStringLiteral("reinstate"), reference}));
}

QString imageDelete(const QString& reference)
{
    return join(sf({QStringLiteral("images"), QStringLiteral("delete"), reference}));
}

QString poolCreate(const QString& name)
{
    return join(sf({QStringLiteral("pools"), QStringLiteral("create"), QStringLiteral("--name"), name}));
}

QString poolDelete(const QString& reference)
{
    return join(sf({QStringLiteral("pools"), QStringLiteral("delete"), reference}));
}

QString cliDuration(qint64 seconds)
{
    struct Unit
    {
        qint64 seconds;
        char16_t suffix;
    };
    static constexpr Unit units[] = {{7 * 86400, u'w'}, {86400, u'd'}, {3600, u'h'}, {60, u'm'}};
    for (const auto& unit : units) {
        if (seconds > 0 && seconds % unit.seconds == 0)
            return QString::number(seconds / unit.seconds) + QChar(unit.suffix);
    }
    return QString::number(seconds) + u's';
}

QString cliTime(qint64 unixSeconds)
{
    return QDateTime::fromSecsSinceEpoch(unixSeconds, QTimeZone::UTC).toString(Qt::ISODate);
}

QString orderCreate(const OrderCreate& order)
{
    QStringList words =
        sf({QStringLiteral("orders"), QStringLiteral("create"), QStringLiteral("--side"),
            order.buy ? QStringLiteral("buy") : QStringLiteral("sell"), QStringLiteral("--pool"), order.pool,
            QStringLiteral("--count"), QString::number(order.nodes), QStringLiteral("--start"),
            cliTime(order.startAt), QStringLiteral("--duration"), cliDuration(order.durationSeconds),
            order.buy ? QStringLiteral("--max-rate") : QStringLiteral("--min-rate"), order.rate,
            QStringLiteral("--sku"), order.sku});
    if (order.allowStanding)
        words << QStringLiteral("--allow-standing");
    if (order.quoteOnly)
        words << QStringLiteral("--quote");
    return join(words);
}

QString procurementCreate(const ProcurementCreate& create)
{
    QStringList words = sf({QStringLiteral("procurements"), QStringLiteral("create")});
    if (!create.name.isEmpty())
        words << QStringLiteral("--name") << create.name;
    words << QStringLiteral("--pool") << create.pool << QStringLiteral("--instance-sku") << create.sku
          << QStringLiteral("--target") << QString::number(create.target) << QStringLiteral("--max-buy-price")
          << create.maxBuyPrice << QStringLiteral("--min-sell-price") << create.minSellPrice
          << QStringLiteral("--window") << cliDuration(create.windowMinutes * 60);
    return join(words);
}

QString procurementDelete(const QString& reference)
{
    return join(sf({QStringLiteral("procurements"), QStringLiteral("delete"), reference}));
}

QString poolTransfer(const PoolTransferCreate& transfer)
{
    return join(
        sf({QStringLiteral("pools"), QStringLiteral("transfer"), QStringLiteral("--from"), transfer.from,
            QStringLiteral("--to"), transfer.to, QStringLiteral("--instance-sku"), transfer.sku,
            QStringLiteral("--nodes"), QString::number(transfer.nodes), QStringLiteral("--start"),
            cliTime(transfer.startAt), QStringLiteral("--duration"), cliDuration(transfer.durationSeconds)}));
}

QString orderCancel(const QString& id)
{
    return join(sf({QStringLiteral("orders"), QStringLiteral("cancel"), id}));
}

} // namespace SfCommand

} // namespace sfdesk
