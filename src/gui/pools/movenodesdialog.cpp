// SPDX-License-Identifier: Apache-2.0

#include "gui/pools/movenodesdialog.h"

#include "common/clitime.h"
#include "common/constvalue.h"
#include "common/schedule.h"
#include "core/cli/sfcommand.h"
#include "core/market/planmath.h"
#include "core/models/session.h"
#include "gui/common/copyactions.h"
#include "gui/common/dialogrequest.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/themeicons.h"
#include "gui/reservations/plannertime.h"
#include "ui_movenodesdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>

#include <algorithm>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 Hour = 3600;

// A schedule as the API writes it (an entry without an end lasts until the next one starts; the
// last one, for ever).
Schedule scheduleOf(const NodeSchedule& entries)
{
    Schedule result;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const ScheduleEntry& entry = entries.at(i);
        const std::optional<qint64> end =
            entry.endAt
                ? entry.endAt
                : (i + 1 < entries.size() ? std::optional<qint64>(entries.at(i + 1).startAt) : std::nullopt);
        result = result.plus(end ? Schedule::rectangle(entry.startAt, *end, entry.nodeCount)
                                 : Schedule::tail(entry.startAt, entry.nodeCount));
    }
    return result;
}

QString poolLabel(const Pool& pool)
{
    return pool.workspace.isEmpty() ? pool.name
                                    : MoveNodesDialog::tr("%1 (%2)").arg(pool.name, pool.workspace);
}

} // namespace

MoveNodesDialog::MoveNodesDialog(Session* session, const Pool& source, const QList<Pool>& targets,
                                 const QMap<QString, QString>& skuNames, qint64 now, bool utc,
                                 QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::MoveNodesDialog>())
    , m_session(session)
    , m_source(source)
    , m_skuNames(skuNames)
    , m_now(now)
    , m_utc(utc)
{
    m_ui->setupUi(this);
    setObjectName(u"moveNodesDialog"_s);
    setWindowTitle(tr("Move Nodes from %1").arg(source.name));
    m_move = m_ui->buttonBox->button(QDialogButtonBox::Ok);
    m_copy = new QPushButton(ThemeIcons::icon(QStringLiteral("edit-copy")), tr("Copy as sf &Command"), this);
    for (const Pool& pool : targets) {
        if (pool.id != source.id)
            m_targets.append(pool);
    }
    for (auto it = source.bySku.cbegin(); it != source.bySku.cend(); ++it) {
        // Only what it owns from now on can move.
        if (scheduleOf(it.value()).clipped(now, now + qint64(400) * 24 * Hour).isEmpty())
            continue;
        m_ui->moveNodesSku->addItem(skuName(it.key()), it.key());
    }
    for (const Pool& pool : std::as_const(m_targets))
        m_ui->moveNodesTarget->addItem(poolLabel(pool), pool.id);
    // Pool names and the server's words: the form's labels are plain text.
    m_ui->moveNodesSource->setText(poolLabel(source));
    m_request = new DialogRequest(m_ui->moveNodesError, [this] { updateState(); }, this);
    m_move->setText(tr("&Move Nodes"));
    m_move->setObjectName(u"moveNodesMove"_s);
    m_copy->setObjectName(u"moveNodesCopyCommand"_s);
    m_ui->buttonBox->addButton(m_copy, QDialogButtonBox::ActionRole);
    resize(620, 520);

    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &MoveNodesDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_copy, &QPushButton::clicked, this, [this] {
        const QString line = command();
        if (!line.isEmpty())
            CopyActions::copy(line);
    });
    connect(m_ui->moveNodesSku, &QComboBox::currentIndexChanged, this, &MoveNodesDialog::skuChosen);
    connect(m_ui->moveNodesCount, &QSpinBox::valueChanged, this, &MoveNodesDialog::updateState);
    connect(m_ui->moveNodesStart, &QLineEdit::textChanged, this, &MoveNodesDialog::updateState);
    connect(m_ui->moveNodesEnd, &QLineEdit::textChanged, this, &MoveNodesDialog::updateState);
    connect(m_ui->moveNodesTarget, &QComboBox::currentIndexChanged, this, &MoveNodesDialog::updateState);
    skuChosen();
}

MoveNodesDialog::~MoveNodesDialog() = default;

QString MoveNodesDialog::skuName(const QString& id) const
{
    return m_skuNames.value(id, id);
}

std::optional<Pool> MoveNodesDialog::target() const
{
    const QString id = m_ui->moveNodesTarget->currentData().toString();
    for (const Pool& pool : m_targets) {
        if (pool.id == id)
            return pool;
    }
    return std::nullopt;
}

void MoveNodesDialog::skuChosen()
{
    // The next run the pool owns of the SKU, from the next hour: its start and end, its nodes.
    const QString sku = m_ui->moveNodesSku->currentData().toString();
    const Schedule owned = scheduleOf(m_source.bySku.value(sku));
    const qint64 nextHour = Schedule::floorHour(m_now) + Hour;
    qint64 start = nextHour;
    for (const ScheduleEntry& entry :
         constValue(owned.clipped(nextHour, nextHour + qint64(400) * 24 * Hour).entries())) {
        start = entry.startAt;
        break;
    }
    qint64 end = start + 24 * Hour;
    for (const ScheduleEntry& entry : constValue(owned.entries())) {
        if (entry.startAt <= start && (!entry.endAt || *entry.endAt > start)) {
            end = std::min(entry.endAt.value_or(start + 24 * Hour), start + 24 * Hour);
            break;
        }
    }
    {
        const QSignalBlocker startBlocker(m_ui->moveNodesStart);
        const QSignalBlocker endBlocker(m_ui->moveNodesEnd);
        m_ui->moveNodesStart->setText(PlannerTime::field(start, m_utc));
        m_ui->moveNodesEnd->setText(PlannerTime::field(end, m_utc));
    }
    m_ui->moveNodesCount->setValue(int(std::max<qint64>(1, owned.minOver(start, end))));
    updateState();
}

std::optional<PoolTransferRequest> MoveNodesDialog::request(QString* why) const
{
    const auto refuse = [why](const QString& message) -> std::optional<PoolTransferRequest> {
        if (why)
            *why = message;
        return std::nullopt;
    };
    const QString sku = m_ui->moveNodesSku->currentData().toString();
    if (sku.isEmpty())
        return refuse(tr("The pool owns nothing from now on to move."));
    const auto to = target();
    if (!to)
        return refuse(tr("There is no other pool to move nodes to: create one in Pools first."));
    QString problem;
    const auto start = CliTime::parseWindowTime(m_ui->moveNodesStart->text(), m_now, &problem, m_utc);
    if (!start)
        return refuse(tr("Start: %1").arg(problem));
    const auto end = CliTime::parseWindowTime(m_ui->moveNodesEnd->text(), m_now, &problem, m_utc);
    if (!end)
        return refuse(tr("End: %1").arg(problem));
    // Whole minutes, as the API's schedules are; never in the past.
    const qint64 from = std::max(Schedule::ceilTo(*start, Schedule::Alignment),
                                 Schedule::floorTo(m_now, Schedule::Alignment) + Schedule::Alignment);
    const qint64 until = Schedule::ceilTo(*end, Schedule::Alignment);
    if (until <= from)
        return refuse(tr("The end is not after the start (or the window has passed)."));
    const qint64 owned = scheduleOf(m_source.bySku.value(sku)).minOver(from, until);
    if (owned < m_ui->moveNodesCount->value())
        return refuse(tr("%1 owns %n node(s) of %2 at the least over this window, fewer than the %3 to move.",
                         nullptr, int(owned))
                          .arg(m_source.name, skuName(sku))
                          .arg(m_ui->moveNodesCount->value()));
    PoolTransferRequest request;
    request.fromPool = m_source.id;
    request.toPool = to->id;
    request.sku = sku;
    request.delta = {ScheduleEntry{from, until, m_ui->moveNodesCount->value()}};
    return request;
}

QString MoveNodesDialog::preview() const
{
    const auto values = request();
    const auto to = target();
    if (!values || !to)
        return {};
    const ScheduleEntry& moved = values->delta.first();
    const Schedule delta = Schedule::rectangle(moved.startAt, *moved.endAt, moved.nodeCount);
    // A little before and after the window, so the change reads in its context.
    const qint64 from = std::max(Schedule::floorTo(m_now, Schedule::Alignment), moved.startAt - 6 * Hour);
    const qint64 until = *moved.endAt + 6 * Hour;
    QStringList lines;
    const auto describe = [&](const Pool& pool, const Schedule& before, const Schedule& after) {
        lines << tr("%1, %2:").arg(poolLabel(pool), skuName(values->sku));
        const PlanMath::Steps was = PlanMath::steps(before, from, until);
        const PlanMath::Steps now = PlanMath::steps(after, from, until);
        QList<qint64> times;
        for (const auto& step : was)
            times << step.first;
        for (const auto& step : now)
            times << step.first;
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end()), times.end());
        for (qsizetype i = 0; i + 1 < times.size(); ++i) {
            const qint64 a = times.at(i);
            const qint64 b = times.at(i + 1);
            const qint64 x = before.at(a);
            const qint64 y = after.at(a);
            lines << (x == y ? tr("  %1 – %2: %3 nodes")
                                   .arg(PlannerTime::format(a, m_utc), PlannerTime::format(b, m_utc))
                                   .arg(x)
                             : tr("  %1 – %2: %3 → %4 nodes")
                                   .arg(PlannerTime::format(a, m_utc), PlannerTime::format(b, m_utc))
                                   .arg(x)
                                   .arg(y));
        }
    };
    const Schedule source = scheduleOf(m_source.bySku.value(values->sku));
    const Schedule destination = scheduleOf(to->bySku.value(values->sku));
    describe(m_source, source, source.minus(delta));
    lines << QString();
    describe(*to, destination, destination.plus(delta));
    return lines.join(u'\n');
}

QString MoveNodesDialog::command() const
{
    const auto values = request();
    const auto to = target();
    if (!values || !to)
        return {};
    const ScheduleEntry& moved = values->delta.first();
    SfCommand::PoolTransferCreate transfer;
    transfer.from = m_source.resourcePath.isEmpty() ? m_source.id : m_source.resourcePath;
    transfer.to = to->resourcePath.isEmpty() ? to->id : to->resourcePath;
    transfer.sku = values->sku;
    transfer.nodes = int(moved.nodeCount);
    transfer.startAt = moved.startAt;
    transfer.durationSeconds = *moved.endAt - moved.startAt;
    return SfCommand::poolTransfer(transfer);
}

void MoveNodesDialog::updateState()
{
    QString why;
    const auto values = request(&why);
    m_move->setEnabled(values.has_value() && !m_request->isOut() && m_session && m_session->canSend());
    m_copy->setEnabled(values.has_value());
    m_move->setToolTip(PlainText::toolTip(values ? QString() : why));
    m_ui->moveNodesOwned->setText(
        values ? tr("The transfer is accepted pending and carried out by SF Compute; the Pools "
                    "page shows it until it is executed or rejected.")
               : why);
    m_ui->moveNodesPreview->setPlainText(values ? preview() : QString());
    if (!m_request->isOut())
        m_ui->moveNodesError->hide();
}

void MoveNodesDialog::accept()
{
    QString why;
    const auto values = request(&why);
    if (!values || !m_session || !m_session->canSend() || m_request->isOut()) {
        if (!values) {
            m_ui->moveNodesError->setText(why);
            m_ui->moveNodesError->show();
        }
        return;
    }
    m_request->start();
    m_session->createPoolTransfer(*values)
        .onSuccess(this,
                   [this](const PoolTransfer& transfer) {
                       m_request->finish();
                       Q_EMIT moved(transfer);
                       QDialog::accept();
                   })
        .onFailure(this, [this](const ApiError& error) {
            m_request->refuse(tr("The nodes were not moved: %1").arg(error.message()));
        });
}

} // namespace sfdesk
