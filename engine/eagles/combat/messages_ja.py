"""The words of Eagles of the Empire's combat in Japanese, in the seed's terms: 視認線 (line of sight), 砲撃
(bombardment), 騎兵突撃 (cavalry charge), 強襲 (assault), 長カウンター, 方陣. The same keys as
``messages.EN``."""

from __future__ import annotations

JA: dict[str, str] = {
    "eagles.order.no_area": "マップに{area!r}というエリアはありません",
    "eagles.order.no_unit": "{unit!r}というユニットはありません",
    "eagles.los.clear": "{firer}から{target}(射程{range})への視認線は通っています",
    "eagles.los.high_angle": "{artillery}砲兵は視認線を無視します。{firer}から{target}へ砲撃できます",
    "eagles.los.same_area": "{area}は射撃ユニット自身のエリアです。別のエリアを指定してください",
    "eagles.los.kind": (
        "{artillery!r}は砲兵の種類ではありません。{kinds}のいずれか、または砲兵ユニットのIDを指定してください"
    ),
    "eagles.los.too_far": "{target}は{firer}から{range}エリア離れています。視認線は3エリアまでです",
    "eagles.los.heavy_only": "{target}は{firer}から3エリア離れています。射程3の視認線は重砲兵のみです",
    "eagles.los.too_high": "{target}は{firer}から見るには高すぎます",
    "eagles.los.too_low": "{target}は{firer}より低すぎて、射程{range}では視認できません",
    "eagles.los.chart": "視認線チャートには射程{range}で{firer}から{target}への線がありません",
    "eagles.los.ground": "{blocker}の地形の高度が{firer}から{target}への視認線を遮断しています",
    "eagles.los.obstacle": (
        "{blocker}(林、町、歩兵の長カウンター、または騎兵3ステップ)が{firer}から"
        "{target}への視認線を遮断しています"
    ),
    "eagles.los.border": "境界線{blocker}が{firer}から{target}への視認線を遮断しています",
    "eagles.los.beside": (
        "{firer}から{target}への視認線は境界線{blocker}に沿っており、その両側のエリアが遮断地形です"
    ),
    "eagles.bombard.no_units": "砲撃する砲兵を指定してください({area}のユニット)",
    "eagles.bombard.not_here": "{unit}は{area}にいません",
    "eagles.bombard.not_artillery": "{unit}は砲兵ではありません。砲撃できるのは砲兵だけです",
    "eagles.bombard.attached": "{unit}は師団に配属されています。配属砲兵は砲撃できません",
    "eagles.bombard.done": "{unit}はこの活性化で既に砲撃、騎兵突撃、または強襲をしています",
    "eagles.bombard.one_target": "{area}の砲兵はこの活性化で既に{other}へ砲撃しています",
    "eagles.bombard.no_enemy": "{target}には砲撃できる敵ユニットがいません",
    "eagles.bombard.range": "{target}は{area}から{range}エリアです。{unit}の射程は{reach}です",
    "eagles.bombard.min_range": "{unit}の射程は2エリア以上です。{target}は隣接しています",
    "eagles.bombard.facing": (
        "{unit}は{target}の方向を向いていません。射程を数える最初のエリアは正面でなくてはいけません"
    ),
    "eagles.bombard.sight": "{unit}から{target}への視認線が通っていません: {why}",
    "eagles.bombard.counter_battery": (
        "{target}には密集砲兵(5ユニット以上の砲兵)がいません。対砲兵射撃はできません"
    ),
    "eagles.charge.no_units": "騎兵突撃する騎兵を指定してください({area}のユニット)",
    "eagles.charge.not_here": "{unit}は{area}にいません。突撃する全ユニットは同じエリアから開始します",
    "eagles.charge.not_cavalry": (
        "{unit}は騎兵ではありません。騎兵突撃できるのは騎兵だけです(騎砲隊は加われません)"
    ),
    "eagles.charge.done": "{unit}はこの活性化で既に騎兵突撃、砲撃、または強襲をしています",
    "eagles.charge.no_enemy": "{target}には突撃できる敵ユニットがいません",
    "eagles.charge.adjacent": "{target}は隣接しています。騎兵突撃の目標は2エリア離れていなくてはいけません",
    "eagles.charge.range": (
        "{target}は{area}から{range}エリアです。騎兵突撃の目標は2エリア離れていなくてはいけません"
    ),
    "eagles.charge.not_straight": "{area}から1つのエリアを経て{target}へ一直線に進む経路がありません",
    "eagles.charge.occupied": (
        "{area}と{target}の間の{via}にユニットがいます。経路は空いていなくてはいけません"
    ),
    "eagles.charge.terrain": "突撃する騎兵は{blocker}({terrain})に入れません",
    "eagles.charge.uphill": "突撃する騎兵は{from_area}から{blocker}への緩斜面を登れません",
    "eagles.charge.stream": "突撃する騎兵は{from_area}と{blocker}の間の生垣のある小川を越えられません",
    "eagles.charge.out_of_command": "{unit}は指揮喪失状態のため攻撃できません",
    "eagles.charge.night": "夜間は騎兵突撃できません",
    "eagles.charge.grand_leader": "{leader}はシナリオで騎兵一斉突撃を行えると指定された指揮官ではありません",
    "eagles.charge.grand_areas": (
        "騎兵一斉突撃は1つのエリアか隣り合った2つのエリアから開始します({areas}は不可)"
    ),
    "eagles.charge.grand_none": "{areas}には騎兵一斉突撃に加われる騎兵がいません",
    "eagles.charge.grand_apart": "{areas}の騎兵が{target}へ向かって最初に進入するエリアが同じではありません",
    "eagles.assault.no_units": "強襲するユニットを指定してください({area}のユニット)",
    "eagles.assault.not_here": "{unit}は{area}にいません",
    "eagles.assault.arm": "{unit}は強襲できません。強襲できるのは歩兵と騎兵(と配属砲兵)だけです",
    "eagles.assault.done": "{unit}はこの活性化で既に騎兵突撃、砲撃、または強襲をしています",
    "eagles.assault.out_of_command": "{unit}は指揮喪失状態のため攻撃できません",
    "eagles.assault.one_target": "{area}のユニットはこの活性化で既に{other}へ強襲しています",
    "eagles.assault.not_adjacent": "{target}は{area}に隣接していません。強襲は隣接エリアに対して行います",
    "eagles.assault.no_enemy": "{target}には強襲できる敵ユニットがいません",
    "eagles.assault.prohibited": "{unit}は{area}から{target}へ越えられません",
    "eagles.assault.corner": "{area}と{target}の角の両側のエリアに敵ユニットがいます",
    "eagles.event.bombardment": (
        "{area}から{target}への砲撃({units}): サイコロ{dice}個、修整{modifier}、{hits}打撃。"
    ),
    "eagles.event.loss": "{unit}は{lost}ステップを失いました(残り{steps})。",
    "eagles.event.eliminated": "{unit}は除去されました。",
    "eagles.event.detached": "{unit}は師団から分離しました。",
    "eagles.event.leader-killed": "{leader}は{area}で戦死しました。",
    "eagles.event.leader-retreat": "{leader}は部隊とともに{from}から{to}へ後退します。",
    "eagles.event.retreat": "{unit}は{from}から{to}へ後退します。",
    "eagles.event.charge": "{side}の騎兵が{area}から{via}を経て{target}へ騎兵突撃: {units}。",
    "eagles.event.charge-result": (
        "{target}への騎兵突撃: 騎兵は{hits_taken}打撃を受け、{hits_dealt}打撃を与えました。"
    ),
    "eagles.event.charge-in": "{units}は{area}に入ります。",
    "eagles.event.charge-stay": "{units}は{area}にとどまります。",
    "eagles.event.charge-return": "{units}は開始エリアに戻ります。",
    "eagles.event.pursuit": "{units}は{to}へ追撃します。",
    "eagles.event.pursuit_no": "{units}は追撃しません。",
    "eagles.event.grand-charge": "{leader}が{target}への騎兵一斉突撃を率います。",
    "eagles.event.grand-charge-failed": "{leader}は騎兵一斉突撃の隊形を整えられませんでした。",
    "eagles.event.assault": "{side}が{target}へ強襲します。",
    "eagles.event.assault-result": "{target}への強襲: 与えた打撃{hits_dealt}、受けた打撃{hits_taken}。",
    "eagles.event.morale-check": "{area}: 士気判定に成功しました。",
    "eagles.event.morale-check_failed": "{area}: 士気判定に失敗しました。",
    "eagles.event.advance": "{units}は{area}へ前進します。",
    "eagles.event.no-fire": "{for}のサイコロはありません: 射撃できるユニットがいません。",
    "eagles.for.bombardment": "砲撃",
    "eagles.for.charge": "騎兵突撃",
    "eagles.for.casualty": "指揮官の損害判定",
    "eagles.for.pursuit": "追撃",
    "eagles.for.square": "危急時の方陣形成",
    "eagles.for.grand-charge": "騎兵一斉突撃",
    "eagles.for.assault": "強襲",
    "eagles.for.morale": "士気判定",
}
